#version 330 core
// Fireworks for a won game (the scoring article's promise for its part 4): rockets rise and burst into sparks that
// fly out, slow down in the air, fall with gravity and fade. Everything is a function of one time uniform:
// each instance is a rocket or a spark, drawn as a streak from where it was a moment ago (its fading
// trail) to where it is now.
layout(location = 0) in vec4 a_launch;  // launch x, burst x, burst y (fractions of the target), launch time (s)
layout(location = 1) in vec4 a_motion;  // burst velocity (target heights per second), life (s), kind (0 rocket, 1 spark)
layout(location = 2) in vec4 a_color;   // rgb, radius in pixels

uniform vec2 u_target;     // pixels
uniform float u_time;      // seconds since the show began
uniform float u_gravity;   // target heights per second squared, downwards
uniform float u_rise;      // seconds a rocket climbs before it bursts

out vec2 v_uv;             // x: 0 at the trail's end .. 1 at the head; y: -1..1 across
flat out vec4 v_color;     // rgb, brightness

const float kDrag = 1.7;   // air slows the sparks: v(t) = v0 e^(-kDrag t)
const float kTrail = 0.16; // seconds of path the trail shows

vec2 rocket_at(float t) {
    float s = clamp(t / u_rise, 0.0, 1.0);
    float eased = 1.0 - (1.0 - s) * (1.0 - s);  // slowing as it nears the top
    vec2 from = vec2(a_launch.x * u_target.x, u_target.y * 1.02);
    vec2 to = a_launch.yz * u_target;
    return mix(from, to, eased);
}

vec2 spark_at(float t) {
    vec2 burst = a_launch.yz * u_target;
    vec2 travelled = a_motion.xy * u_target.y * (1.0 - exp(-kDrag * t)) / kDrag;
    return burst + travelled + vec2(0.0, 0.5 * u_gravity * u_target.y * t * t);
}

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1) * 2.0 - 1.0);
    float t = u_time - a_launch.w;
    bool rocket = a_motion.w < 0.5;
    vec2 head;
    vec2 tail;
    float brightness;
    if (rocket) {
        if (t < 0.0 || t > u_rise) { gl_Position = vec4(2.0, 2.0, 2.0, 1.0); return; }
        head = rocket_at(t);
        tail = rocket_at(max(0.0, t - kTrail * 1.6));
        brightness = 0.9;
    } else {
        float s = t - u_rise;
        if (s < 0.0 || s > a_motion.z) { gl_Position = vec4(2.0, 2.0, 2.0, 1.0); return; }
        head = spark_at(s);
        tail = spark_at(max(0.0, s - kTrail));
        float life = s / a_motion.z;
        brightness = pow(1.0 - life, 1.4) * (0.8 + 0.2 * sin(u_time * 37.0 + float(gl_InstanceID)));
    }
    float radius = a_color.w;
    vec2 dir = head - tail;
    float len = length(dir);
    dir = len > 1e-3 ? dir / len : vec2(0.0, -1.0);
    vec2 across = vec2(-dir.y, dir.x);
    vec2 along = mix(tail - dir * radius, head + dir * radius, corner.x);
    vec2 px = along + across * corner.y * radius;
    v_uv = corner;
    v_color = vec4(a_color.rgb, brightness);
    gl_Position = vec4(px.x / u_target.x * 2.0 - 1.0, 1.0 - px.y / u_target.y * 2.0, 0.0, 1.0);
}
