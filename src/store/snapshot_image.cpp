// Writing and reading the image of a position kept beside a game's latest snapshot.
#include "snapshot_image.hpp"

#include <array>
#include <cstring>

namespace ttt::store::detail {

namespace {

void put_u32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    for (int b = 0; b < 4; ++b) out.push_back(static_cast<std::uint8_t>(v >> (8 * b)));
}

void put_i64(std::vector<std::uint8_t>& out, std::int64_t v) {
    const auto u = static_cast<std::uint64_t>(v);
    for (int b = 0; b < 8; ++b) out.push_back(static_cast<std::uint8_t>(u >> (8 * b)));
}

// Reads forward through the data, failing once anything is read past its end.
struct Reader {
    std::span<const std::uint8_t> data;
    std::size_t at = 0;
    bool short_ = false;

    std::uint64_t take(int bytes) {
        if (data.size() - at < static_cast<std::size_t>(bytes)) {
            short_ = true;
            return 0;
        }
        std::uint64_t v = 0;
        for (int b = 0; b < bytes; ++b) v |= std::uint64_t{data[at + static_cast<std::size_t>(b)]} << (8 * b);
        at += static_cast<std::size_t>(bytes);
        return v;
    }
};

// The four cells of each byte of the board's image, as Board holds them (one byte a cell), and whether
// the byte holds the unused value 3 anywhere.
struct Unpacked {
    std::array<std::array<Cell, 4>, 256> cells{};
    std::array<bool, 256> bad{};
};

const Unpacked& unpacked() {
    static const Unpacked table = [] {
        Unpacked t;
        for (int byte = 0; byte < 256; ++byte)
            for (int i = 0; i < 4; ++i) {
                const int v = (byte >> (2 * i)) & 3;
                t.cells[static_cast<std::size_t>(byte)][static_cast<std::size_t>(i)] =
                    v == 3 ? Cell::Empty : static_cast<Cell>(v);
                if (v == 3) t.bad[static_cast<std::size_t>(byte)] = true;
            }
        return t;
    }();
    return table;
}

}  // namespace

Digest image_digest(Seq seq, int format, const Digest& snapshot_digest,
                    std::span<const std::uint8_t> data) noexcept {
    Sha256 h;
    h.update("tictactrace snapshot image 1", 29);  // with its terminating zero
    const std::int64_t fields[] = {seq, format, static_cast<std::int64_t>(data.size())};
    for (const std::int64_t f : fields) {
        std::uint8_t bytes[8];
        for (int i = 0; i < 8; ++i)
            bytes[7 - i] = static_cast<std::uint8_t>(static_cast<std::uint64_t>(f) >> (8 * i));
        h.update(bytes, 8);
    }
    h.update(snapshot_digest.data(), snapshot_digest.size());
    h.update(data.data(), data.size());
    return h.digest();
}

ImageRow make_image(Seq seq, const Position& position, const Digest& snapshot_digest,
                    const PositionKeys* keys) {
    ImageRow row;
    row.seq = seq;
    const Board& board = position.board();
    const auto cells = static_cast<std::size_t>(board.size());
    const Outcome& o = position.outcome();
    // A game that ended off the board was on when it ended: the snapshot's first byte tells the end.
    const bool on_board = o.status == Status::Won || o.status == Status::Draw;
    const std::size_t line = on_board ? o.winning_line.size() : 0;
    row.data.reserve(128 + 2 + 4 + 4 * line + (cells + 3) / 4);
    for (const Player p : {Player::X, Player::O})
        for (const std::int64_t v : position.scores().of(p).by_direction) put_i64(row.data, v);
    const PositionKeys followed = keys ? *keys : PositionKeys(board, position.to_move());
    const std::size_t symmetries = symmetries_of(board.rows(), board.cols()).size();
    for (std::size_t i = 0; i < 8; ++i)
        put_i64(row.data, i < symmetries ? static_cast<std::int64_t>(followed.keys()[i]) : 0);
    row.data.push_back(static_cast<std::uint8_t>(on_board ? o.status : Status::Playing));
    row.data.push_back(static_cast<std::uint8_t>(!on_board || !o.winner   ? 0
                                                 : *o.winner == Player::X ? 1
                                                                          : 2));
    put_u32(row.data, static_cast<std::uint32_t>(line));
    for (std::size_t i = 0; i < line; ++i)
        put_u32(row.data, static_cast<std::uint32_t>(board.index(o.winning_line[i])));
    const Cell* c = board.cells().data();
    for (std::size_t i = 0; i < cells; i += 4) {
        std::uint8_t byte = 0;
        for (std::size_t j = 0; j < 4 && i + j < cells; ++j)
            byte = static_cast<std::uint8_t>(byte | (static_cast<unsigned>(c[i + j]) << (2 * j)));
        row.data.push_back(byte);
    }
    row.digest = image_digest(seq, row.format, snapshot_digest, row.data);
    return row;
}

Result<ImageRead, std::string> read_image(std::span<const std::uint8_t> data, int rows, int cols,
                                          std::vector<std::uint32_t> history) {
    ImageRead read;
    PositionImage& image = read.position;
    Reader in{data};
    for (const Player p : {Player::X, Player::O})
        for (std::int64_t& v : image.scores.of(p).by_direction) v = static_cast<std::int64_t>(in.take(8));
    for (std::uint64_t& key : read.keys) key = in.take(8);
    const auto status = static_cast<int>(in.take(1));
    const auto winner = static_cast<int>(in.take(1));
    const auto line = in.take(4);
    const auto cells = static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols);
    if (in.short_ ||
        (status != static_cast<int>(Status::Playing) && status != static_cast<int>(Status::Won) &&
         status != static_cast<int>(Status::Draw)) ||
        winner > 2 || (status == static_cast<int>(Status::Won)) != (winner != 0) || line > cells ||
        line > (data.size() - in.at) / 4)  // a line longer than the bytes left: refused before it is read
        return fail(std::string("its outcome is malformed"));
    image.outcome.status = static_cast<Status>(status);
    if (winner) image.outcome.winner = winner == 1 ? Player::X : Player::O;
    for (std::uint64_t i = 0; i < line; ++i) {
        const auto cell = in.take(4);
        if (cell >= cells) return fail(std::string("its winning line leaves the board"));
        image.outcome.winning_line.push_back(Pos{static_cast<int>(cell / static_cast<std::size_t>(cols)),
                                                 static_cast<int>(cell % static_cast<std::size_t>(cols))});
    }
    if (in.short_ || data.size() - in.at != (cells + 3) / 4)
        return fail("its board is " + std::to_string(data.size() - std::min(data.size(), in.at)) +
                    " bytes, a " + std::to_string(rows) + "x" + std::to_string(cols) + " board's " +
                    std::to_string((cells + 3) / 4));
    // A byte at a time through a table: a 2048 x 2048 board is a megabyte read in one pass.
    const Unpacked& table = unpacked();
    std::vector<Cell> board((cells + 3) / 4 * 4);
    bool bad = false;
    const std::uint8_t* packed = data.data() + in.at;
    for (std::size_t i = 0; i < (cells + 3) / 4; ++i) {
        std::memcpy(board.data() + 4 * i, table.cells[packed[i]].data(), 4);
        bad |= table.bad[packed[i]];
    }
    for (std::size_t i = cells; i < board.size(); ++i) bad |= board[i] != Cell::Empty;
    if (bad) return fail(std::string("its board holds a cell that is neither empty, X nor O"));
    board.resize(cells);
    image.board = Board(rows, cols, std::move(board));
    image.history = std::move(history);
    return read;
}

}  // namespace ttt::store::detail
