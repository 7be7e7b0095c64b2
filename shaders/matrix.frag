#version 330 core
// One 0/1 matrix of the scoring article, drawn per pixel from one byte per place: rounded cells on the panel, the
// digit 0 or 1 in each as a distance field, the explainer's current row as a gold band, kept runs in gold,
// cells another view points at in mint. Rows may be shorter than the longest (the diagonal matrices): a
// place without a cell is left to the background.

// Place byte: bit 0 a cell is here, bit 1 its value is 1, bit 2 lit by another view, bit 3 on the explainer's
// current row, bit 4 part of a kept run, bit 5 under the pointer.
uniform usampler2D u_cells;
uniform vec2 u_target;  // size of the target in pixels
uniform vec2 u_origin;  // top-left corner of place (0, 0), pixels from the target's top-left
uniform float u_cell;   // pixels per place
uniform ivec2 u_size;   // (longest row, rows)

uniform vec3 u_table;  // the panel behind the cells
uniform vec3 u_paper;
uniform vec3 u_zero_ink;
uniform vec3 u_one;      // the chosen player's ink
uniform vec3 u_one_ink;
uniform vec3 u_lit;
uniform vec3 u_band;
uniform vec3 u_row_tint;
uniform vec3 u_kept;
uniform vec3 u_ring;

in vec2 v_uv;
out vec4 o_color;

float segment_distance(vec2 p, vec2 a, vec2 b) {
    vec2 pa = p - a;
    vec2 ba = b - a;
    float h = clamp(dot(pa, ba) / dot(ba, ba), 0.0, 1.0);
    return length(pa - ba * h);
}

// Distance in pixels from p (pixels from the cell centre) to the stroke of the digit 0 or 1.
float digit_distance(bool one, vec2 p, float half_width) {
    // Two thirds of the cell tall: an 18 px cell, what a 7x7 board's matrices get beside the explainer in a
    // 1024x768 window, shows digits 12 px tall.
    float s = u_cell;
    if (one) {
        float d = segment_distance(p, vec2(0.02, -0.33) * s, vec2(0.02, 0.33) * s);
        d = min(d, segment_distance(p, vec2(-0.14, -0.19) * s, vec2(0.02, -0.33) * s));
        return d - half_width;
    }
    vec2 r = vec2(0.18, 0.31) * s;  // an upright ellipse; distance by its gradient, as Inigo Quilez does it
    float k0 = length(p / r);
    float k1 = length(p / (r * r));
    float d = abs(k0 * (k0 - 1.0) / max(k1, 1e-4));
    return d - half_width;
}

float box_distance(vec2 p, vec2 half_size, float radius) {
    vec2 q = abs(p) - half_size + radius;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
}

void main() {
    vec2 px = vec2(gl_FragCoord.x, u_target.y - gl_FragCoord.y);
    vec2 m = (px - u_origin) / u_cell;
    if (any(lessThan(m, vec2(0.0))) || any(greaterThanEqual(m, vec2(u_size)))) discard;
    ivec2 c = ivec2(floor(m));
    uint v = texelFetch(u_cells, c, 0).r;
    if ((v & 1u) == 0u) discard;
    bool one = (v & 2u) != 0u;
    bool lit = (v & 4u) != 0u;
    bool band = (v & 8u) != 0u;
    bool kept = (v & 16u) != 0u;
    bool hover = (v & 32u) != 0u;

    vec2 p = (m - vec2(c) - 0.5) * u_cell;  // pixels from the cell centre
    float gap = u_cell >= 12.0 ? max(1.0, floor(u_cell * 0.08)) : (u_cell >= 5.0 ? 1.0 : 0.0);
    float inside = box_distance(p, vec2(0.5 * u_cell - gap * 0.5), min(4.0, u_cell * 0.18));
    float cover = clamp(0.5 - inside, 0.0, 1.0);

    vec3 fill = one ? u_one : u_paper;
    if (!one && band) fill = u_row_tint;
    if (!one && lit) fill = u_lit;
    if (one && kept) fill = u_kept;
    vec3 ink = one ? (kept ? u_one : u_one_ink) : u_zero_ink;

    vec3 color = fill;
    if (u_cell >= 9.0) {
        float hw = max(0.75, u_cell * 0.045);
        float d = digit_distance(one, p, hw);
        color = mix(color, ink, clamp(0.5 - d, 0.0, 1.0));
    }
    // A 1 that another view points at keeps its ink and gets a mint ring; the pointer's cell a dark one.
    if (u_cell >= 7.0 && (hover || (one && lit))) {
        float ring = abs(inside + max(1.5, u_cell * 0.07)) - max(1.0, u_cell * 0.05);
        color = mix(color, hover ? u_ring : u_lit, clamp(0.5 - ring, 0.0, 1.0));
    }
    // Between the cells of the current row the gold band shows through, so the row reads as one strip.
    o_color = vec4(mix(band ? u_band : u_table, color, cover), 1.0);
}
