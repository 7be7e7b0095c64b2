#version 330 core
// A streak of light, added to what is below it: brightest and white-hot at the head, fading along the trail
// and towards its edges.
in vec2 v_uv;
flat in vec4 v_color;
out vec4 o_color;

void main() {
    float across = 1.0 - abs(v_uv.y);
    float along = pow(v_uv.x, 1.5);
    float glow = min(1.0, 1.6 * pow(across, 1.3) * along * v_color.a);
    vec3 hot = mix(v_color.rgb, vec3(1.0, 0.97, 0.9), smoothstep(0.75, 1.0, v_uv.x) * across);
    o_color = vec4(hot * glow, glow);
}
