#version 330 core
// The rotation of the scoring article's animations: every board cell is an instance that moves from its place on the
// board to its place in a rotated matrix, driven by one time uniform. First the whole board tilts by the
// matrix's angle (90°, 45° or −45°), so that the lines to count lie flat; then the cells slide, row after
// row, into the rows the scoring article's rotateMatrix functions list, left-aligned as its arrays print.
layout(location = 0) in vec2 a_from;  // (col, row) on the board
layout(location = 1) in vec2 a_to;    // (place in row, row) in the matrix
layout(location = 2) in vec2 a_info;  // (the scoring article's cell number 1..R*C, value: 1 the player's mark, 0 not)

uniform vec2 u_target;   // target size, pixels
uniform vec2 u_centre;   // where both pictures are centred, pixels
uniform float u_cell;    // pixels per cell
uniform vec2 u_board;    // (cols, rows) of the board
uniform vec2 u_matrix;   // (longest row, rows) of the matrix
uniform float u_angle;   // the tilt in radians (y grows downwards)
uniform float u_time;    // 0: the board; 1: the matrix

out vec2 v_local;        // -0.5..0.5 across the cell, in the cell's own frame
flat out vec2 v_info;

mat2 rotation(float a) { return mat2(cos(a), sin(a), -sin(a), cos(a)); }

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1)) - 0.5;
    float tilt = smoothstep(0.0, 0.42, u_time);
    // Rows slide in one after another, the first row first.
    float row_share = u_matrix.y > 1.0 ? a_to.y / (u_matrix.y - 1.0) : 0.0;
    float start = 0.45 + 0.3 * row_share;
    float slide = smoothstep(start, start + 0.25, u_time);

    vec2 from = a_from + 0.5 - u_board * 0.5;
    vec2 tilted = rotation(u_angle * tilt) * from;
    vec2 to = a_to + 0.5 - u_matrix * 0.5;
    vec2 centre = mix(tilted, to, slide);
    // The cell turns with the board, and straightens again as it lands in its row.
    float spin = u_angle * tilt * (1.0 - slide);
    vec2 offset = rotation(spin) * (corner * 0.9);
    vec2 px = u_centre + (centre + offset) * u_cell;

    v_local = corner;
    v_info = a_info;
    gl_Position = vec4(px.x / u_target.x * 2.0 - 1.0, 1.0 - px.y / u_target.y * 2.0, 0.0, 1.0);
}
