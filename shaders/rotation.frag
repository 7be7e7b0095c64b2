#version 330 core
// A cell of the rotation: a rounded tile in the player's ink (a 1) or paper (a 0), with the scoring article's cell
// number on it in seven-segment digits drawn as distance fields, so it stays crisp at any size and angle.
in vec2 v_local;
flat in vec2 v_info;

uniform float u_cell;      // pixels per cell
uniform int u_show;        // 0: the cell numbers; 1: the 0/1 values
uniform vec3 u_paper;
uniform vec3 u_zero_ink;
uniform vec3 u_one;
uniform vec3 u_one_ink;

out vec4 o_color;

float segment_distance(vec2 p, vec2 a, vec2 b) {
    vec2 pa = p - a;
    vec2 ba = b - a;
    float h = clamp(dot(pa, ba) / dot(ba, ba), 0.0, 1.0);
    return length(pa - ba * h);
}

// Segments a..g of a digit in a box x -0.5..0.5, y -1..1 (y down), as bits 0..6.
const int kSegments[10] = int[10](0x3F, 0x06, 0x5B, 0x4F, 0x66, 0x6D, 0x7D, 0x07, 0x7F, 0x6F);

float digit_distance(vec2 p, int digit) {
    int m = kSegments[digit];
    // Each segment stops short of the corners, as on a real display, so 5 and 6 or 8 and 0 stay apart.
    const float g = 0.16;
    float d = 1e9;
    if ((m & 1) != 0) d = min(d, segment_distance(p, vec2(-0.5 + g, -1.0), vec2(0.5 - g, -1.0)));
    if ((m & 2) != 0) d = min(d, segment_distance(p, vec2(0.5, -1.0 + g), vec2(0.5, -g)));
    if ((m & 4) != 0) d = min(d, segment_distance(p, vec2(0.5, g), vec2(0.5, 1.0 - g)));
    if ((m & 8) != 0) d = min(d, segment_distance(p, vec2(-0.5 + g, 1.0), vec2(0.5 - g, 1.0)));
    if ((m & 16) != 0) d = min(d, segment_distance(p, vec2(-0.5, g), vec2(-0.5, 1.0 - g)));
    if ((m & 32) != 0) d = min(d, segment_distance(p, vec2(-0.5, -1.0 + g), vec2(-0.5, -g)));
    if ((m & 64) != 0) d = min(d, segment_distance(p, vec2(-0.5 + g, 0.0), vec2(0.5 - g, 0.0)));
    return d;
}

// Distance, in cell units, from p (cell units from the centre) to the strokes of `number`.
float number_distance(vec2 p, int number) {
    int count = number >= 10000 ? 5 : number >= 1000 ? 4 : number >= 100 ? 3 : number >= 10 ? 2 : 1;
    float h = 0.22;                             // half the digit height: 12 px on a 30 px tile
    float w = 0.5 * h;                          // half the digit width: digits twice as tall as wide
    float pitch = 2.0 * w + 0.11;
    float total = float(count) * pitch - 0.11;
    float scale = min(1.0, 0.74 / total);       // long numbers shrink to fit the tile
    vec2 q = p / scale;
    float x0 = -0.5 * (float(count) * pitch - 0.11) + w;
    int k = int(floor((q.x - (x0 - w - 0.055)) / pitch));
    k = clamp(k, 0, count - 1);
    int divisor = 1;
    for (int i = 0; i < count - 1 - k; ++i) divisor *= 10;
    int digit = (number / divisor) % 10;
    vec2 local = vec2((q.x - (x0 + float(k) * pitch)) / w * 0.5, q.y / h);
    return digit_distance(local, digit) * h * scale;
}

void main() {
    bool one = v_info.y > 0.5;
    vec2 p = v_local;                                        // -0.5..0.5
    vec2 q = abs(p) - vec2(0.5 - 0.12);
    float box = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - 0.12;  // cell units
    float px = 1.0 / (u_cell * 0.9);                         // one pixel in tile units
    float cover = clamp(0.5 - box / px, 0.0, 1.0);
    if (cover <= 0.0) discard;
    vec3 color = one ? u_one : u_paper;
    if (u_cell >= 10.0) {
        float d;
        if (u_show == 0) {
            d = number_distance(p, int(v_info.x + 0.5));
        } else {
            d = one ? segment_distance(p, vec2(0.0, -0.22), vec2(0.0, 0.22))
                    : abs(length(p / vec2(0.14, 0.22)) - 1.0) * 0.14;
        }
        float stroke = max(0.032, 0.6 * px);
        color = mix(color, one ? u_one_ink : u_zero_ink, clamp(0.5 - (d - stroke) / px, 0.0, 1.0));
    }
    o_color = vec4(color, cover);
}
