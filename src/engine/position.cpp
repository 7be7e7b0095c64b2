// Playing, taking back and resigning, with the outcome and both scores kept current incrementally.
#include "tictactrace/engine/position.hpp"

#include "tictactrace/engine/forbidden.hpp"
#include "tictactrace/engine/win_check.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace ttt {

namespace {

std::string over_message(const Outcome& o) {
    switch (o.status) {
    case Status::Won: return std::string("the game is over: ") + to_upper_char(*o.winner) + " has won";
    case Status::Draw: return "the game is over: it is a draw";
    case Status::Resigned:
        return std::string("the game is over: ") + to_upper_char(other(*o.winner)) + " resigned";
    case Status::Forfeited:
        return std::string("the game is over: ") + to_upper_char(other(*o.winner)) + " forfeited";
    case Status::Adjudicated:
        return o.winner ? std::string("the game is over: it was adjudicated to ") + to_upper_char(*o.winner)
                        : "the game is over: it was adjudicated a draw";
    case Status::Playing: break;
    }
    return "the game is over";
}

void add(PlayerScore& into, const PlayerScore& delta, std::int64_t sign) noexcept {
    for (std::size_t k = 0; k < kDirectionCount; ++k) into.by_direction[k] += sign * delta.by_direction[k];
}

}  // namespace

Position::Position(const Rules& rules)
    : m_rules(rules), m_board(rules.rows, rules.cols), m_runs(rules.rows, rules.cols) {}

std::optional<Pos> Position::last_move() const noexcept {
    if (m_history.empty()) return {};
    return m_board.pos(static_cast<int>(m_history.back()));
}

std::vector<Pos> Position::moves() const {
    std::vector<Pos> out;
    out.reserve(m_history.size());
    for (const std::uint32_t cell : m_history) out.push_back(m_board.pos(static_cast<int>(cell)));
    return out;
}

Pos Position::move_at(int i) const noexcept {
    return m_board.pos(static_cast<int>(m_history[static_cast<std::size_t>(i)]));
}

RunExtent Position::run_beside(Pos p, Direction d, Player who) const noexcept {
    if (!m_board.contains(p) || m_board.at(p) != Cell::Empty) return {};
    return m_runs.beside(m_board, p, d, cell_of(who));
}

MoveResult Position::check(Pos p) const {
    if (m_outcome.over()) return fail(MoveError{MoveErrorKind::GameOver, over_message(m_outcome)});
    if (!m_board.contains(p))
        return fail(MoveError{MoveErrorKind::OffBoard, cell_label(p) + " is off the " +
                                                           std::to_string(m_board.rows()) + "x" +
                                                           std::to_string(m_board.cols()) + " board"});
    if (const auto owner = player_of(m_board.at(p)))
        return fail(MoveError{MoveErrorKind::CellTaken,
                              "cell " + cell_label(p) + " is already taken by " + to_upper_char(*owner)});
    if (m_rules.has_forbidden_moves() && m_to_move == Player::X)
        if (const auto why = forbidden_move(m_board, p))
            return fail(MoveError{MoveErrorKind::Forbidden, describe(*why)});
    return {};
}

MoveResult Position::play(Pos p) {
    if (auto allowed = check(p); !allowed) return allowed;
    const Player mover = m_to_move;
    m_history.push_back(static_cast<std::uint32_t>(m_board.index(p)));
    m_board.place(p, cell_of(mover));
    const RunsThrough joined = m_runs.place(m_board, p);
    add(m_scores.of(mover), score_delta_of_join(joined, score_params(m_rules)), 1);
    m_to_move = other(mover);
    settle_outcome(p, joined);
    return {};
}

MoveResult Position::play_in_bulk(std::span<const std::uint32_t> cells) {
    // Below this many marks one play() each costs less than the passes over the whole board.
    constexpr std::size_t kBulkFrom = 4096;
    const auto cell_pos = [&](std::uint32_t cell) {
        return cell < static_cast<std::uint32_t>(m_board.size()) ? m_board.pos(static_cast<int>(cell))
                                                                 : Pos{m_board.rows(), 0};  // off the board
    };
    if (cells.size() < kBulkFrom || m_rules.has_forbidden_moves() || m_outcome.over()) {
        // One by one; a refusal part way puts back what was played, as a refusal changes nothing.
        const std::size_t before = m_history.size();
        for (const std::uint32_t cell : cells)
            if (auto played = play(cell_pos(cell)); !played) {
                while (m_history.size() > before) (void)take_back();
                return played;
            }
        return {};
    }
    // Every mark but the last placed on a copy first, so that a refusal leaves this position as it was.
    Board board = m_board;
    Player mover = m_to_move;
    const auto bulk = cells.first(cells.size() - 1);
    for (const std::uint32_t cell : bulk) {
        const Pos p = cell_pos(cell);
        if (!board.contains(p))
            return fail(MoveError{MoveErrorKind::OffBoard, "cell " + std::to_string(cell) + " is off the " +
                                                               std::to_string(board.rows()) + "x" +
                                                               std::to_string(board.cols()) + " board"});
        if (const auto owner = player_of(board.at(p)))
            return fail(MoveError{MoveErrorKind::CellTaken,
                                  "cell " + cell_label(p) + " is already taken by " + to_upper_char(*owner)});
        board.place(p, cell_of(mover));
        mover = other(mover);
    }
    // A line won before the last mark would have ended the game there: no later mark could be played.
    // (A board filled before the last mark leaves that mark no cell, which its play() says.)
    if (const auto line = winning_line_on(board, m_rules); !line.empty())
        return fail(
            MoveError{MoveErrorKind::GameOver,
                      std::string(1, to_upper_char(player_of(board.at(line.front())).value_or(Player::X))) +
                          " has already won before the last of these marks"});
    m_board = std::move(board);
    m_history.reserve(m_history.size() + cells.size());  // the last mark's play() appends without a copy
    m_history.insert(m_history.end(), bulk.begin(), bulk.end());
    m_to_move = mover;
    m_scores = full_score(m_board, score_params(m_rules));
    // The table starts empty: a long run's length is counted on the board the first time a move next to
    // it asks (RunTable::side), and kept from then on as play() keeps it.
    m_runs = RunTable(m_rules.rows, m_rules.cols);
    return play(cell_pos(cells.back()));
}

MoveResult Position::restore(PositionImage image) {
    const auto refuse = [](const std::string& why) {
        return fail(MoveError{MoveErrorKind::NotAllowed, "the position image does not fit: " + why});
    };
    if (!m_history.empty() || m_outcome.over()) return refuse("the game has moved on from its start");
    const Board& board = image.board;
    if (board.rows() != m_board.rows() || board.cols() != m_board.cols())
        return refuse("it is of a " + std::to_string(board.rows()) + "x" + std::to_string(board.cols()) +
                      " board, the game's is " + std::to_string(m_board.rows()) + "x" +
                      std::to_string(m_board.cols()));
    // One look per mark, on a copy of the image's board from which each move's mark is taken away as it
    // is looked at: the cell must hold the mark of the side whose turn it was (so a cell played twice is
    // found empty the second time), and what is left at the end must be the start, set-up and all. The
    // copy is packed at two bits a cell, so that the looks, in the moves' order and so all over the
    // board, land in a quarter of the memory (a 2048 x 2048 board's megabyte stays in the cache).
    const auto cells = static_cast<std::size_t>(board.size());
    const auto pack = [cells](const Board& b) {
        std::vector<std::uint8_t> packed((cells + 3) / 4);
        const Cell* c = b.cells().data();
        for (std::size_t i = 0; i < cells; ++i)
            packed[i / 4] =
                static_cast<std::uint8_t>(packed[i / 4] | static_cast<unsigned>(c[i]) << (2 * (i % 4)));
        return packed;
    };
    std::vector<std::uint8_t> left = pack(board);
    Player mover = m_to_move;
    for (const std::uint32_t cell : image.history) {
        if (cell >= cells) return refuse("a move's cell " + std::to_string(cell) + " is off the board");
        std::uint8_t& byte = left[cell / 4];
        const unsigned shift = 2 * (cell % 4);
        const auto held = static_cast<Cell>((byte >> shift) & 3u);
        if (held != cell_of(mover))
            return refuse("the board does not hold " + std::string(1, to_upper_char(mover)) + "'s move at " +
                          cell_label(board.pos(static_cast<int>(cell))) +
                          (held == Cell::Empty && board.at(static_cast<int>(cell)) != Cell::Empty
                               ? " (the cell is played twice)"
                               : ""));
        byte = static_cast<std::uint8_t>(byte & ~(3u << shift));
        mover = other(mover);
    }
    // Without a set-up the start is empty: every byte left must be zero.
    const bool fits = m_board.filled() == 0
                          ? std::all_of(left.begin(), left.end(), [](std::uint8_t b) { return b == 0; })
                          : left == pack(m_board);
    if (!fits) {
        const std::vector<std::uint8_t> start = pack(m_board);
        int at = 0;
        for (std::size_t i = 0; i < cells; ++i)
            if (((left[i / 4] >> (2 * (i % 4))) & 3u) != ((start[i / 4] >> (2 * (i % 4))) & 3u)) {
                at = static_cast<int>(i);
                break;
            }
        return refuse(m_board.at(at) == Cell::Empty
                          ? "its board holds a mark at " + cell_label(board.pos(at)) + " that no move made"
                          : "the start's mark at " + cell_label(board.pos(at)) + " is not on it");
    }
    for (const Pos p : image.outcome.winning_line)
        if (!board.contains(p) || !image.outcome.winner || board.at(p) != cell_of(*image.outcome.winner))
            return refuse("its winning line is not the winner's");
    m_board = std::move(image.board);
    m_history = std::move(image.history);
    m_to_move = mover;
    m_scores = image.scores;
    m_outcome = std::move(image.outcome);
    // Empty, as play_in_bulk leaves it: a long run's length is counted on the board when a move asks.
    m_runs = RunTable(m_rules.rows, m_rules.cols);
    return {};
}

void Position::settle_outcome(Pos last, const RunsThrough& joined) {
    const Player mover = other(m_to_move);
    if (auto line = winning_line_of(m_board, m_rules, last, mover, joined); !line.empty()) {
        m_outcome = Outcome{Status::Won, mover, std::move(line)};
        return;
    }
    if (m_board.full()) m_outcome = full_board_outcome();
}

Outcome Position::full_board_outcome() const {
    if (m_rules.kind == RuleKind::Score) {
        const auto x = m_scores.of(Player::X).total();
        const auto o = m_scores.of(Player::O).total();
        if (x != o) return Outcome{Status::Won, x > o ? Player::X : Player::O, {}};
    }
    return Outcome{Status::Draw, std::nullopt, {}};
}

MoveResult Position::set_up(const SetUp& setup) {
    const auto refuse = [](std::string why) {
        return MoveError{MoveErrorKind::BadSetUp, "the set-up cannot start a game: " + std::move(why)};
    };
    if (m_board.filled() > 0 || !m_history.empty() || m_outcome.over())
        return fail(refuse("the board already holds marks"));
    // Every cell checked before anything is placed, so a refusal leaves the position as it was.
    Board board(m_rules.rows, m_rules.cols);
    for (const Player who : {Player::X, Player::O}) {
        for (const Pos p : who == Player::X ? setup.x : setup.o) {
            const std::string mark = std::string(1, to_upper_char(who)) + " at " + cell_label(p);
            if (!board.contains(p))
                return fail(refuse(mark + " is off the " + std::to_string(board.rows()) + "x" +
                                   std::to_string(board.cols()) + " board"));
            const Cell there = board.at(p);
            if (there == cell_of(who)) return fail(refuse(mark + " is given twice"));
            if (there != Cell::Empty) return fail(refuse("both X and O are given " + cell_label(p)));
            board.place(p, cell_of(who));
        }
    }
    if (const auto line = winning_line_on(board, m_rules); !line.empty()) {
        const Player owner = player_of(board.at(line.front())).value_or(Player::X);
        return fail(refuse(std::string("it is already won: ") + to_upper_char(owner) + " has " +
                           std::to_string(line.size()) + " in a row from " + cell_label(line.front()) +
                           " to " + cell_label(line.back()) +
                           "; set up a position that can still be played"));
    }
    // Placed one by one, in any order: each mark joins the runs beside it, so a run's length ends up at
    // its two ends whichever of its marks came last, which is all a later move and its take-back read.
    // (The table reads the board as holding exactly the marks placed so far.)
    for (const Player who : {Player::X, Player::O})
        for (const Pos p : who == Player::X ? setup.x : setup.o) {
            m_board.place(p, cell_of(who));
            (void)m_runs.place(m_board, p);
        }
    m_scores = full_score(m_board, score_params(m_rules));
    m_to_move = setup.to_move;
    m_set_up_marks = static_cast<std::int64_t>(setup.marks());
    if (m_board.full()) m_outcome = full_board_outcome();
    return {};
}

MoveResult Position::take_back() {
    if (m_outcome.status == Status::Resigned)
        return fail(MoveError{MoveErrorKind::NotAllowed, "a resigned game cannot take a move back"});
    if (m_outcome.status == Status::Forfeited)
        return fail(MoveError{MoveErrorKind::NotAllowed, "a forfeited game cannot take a move back"});
    if (m_outcome.status == Status::Adjudicated)
        return fail(MoveError{MoveErrorKind::NotAllowed, "an adjudicated game cannot take a move back"});
    if (m_history.empty())
        return fail(MoveError{MoveErrorKind::NothingToTakeBack,
                              m_set_up_marks > 0
                                  ? "there is no move to take back: the marks of the set-up are "
                                    "where the game starts, and stay"
                                  : "there is no move to take back"});
    const Pos p = m_board.pos(static_cast<int>(m_history.back()));
    const Player owner = player_of(m_board.at(p)).value_or(Player::X);
    const RunsThrough joined = m_runs.remove(m_board, p);
    add(m_scores.of(owner), score_delta_of_join(joined, score_params(m_rules)), -1);
    m_board.clear(p);
    m_history.pop_back();
    m_to_move = owner;
    // Moves are only ever played while the game is on, so before the last one it was on.
    m_outcome = Outcome{};
    return {};
}

MoveResult Position::resign(Player who) {
    if (m_outcome.over()) return fail(MoveError{MoveErrorKind::GameOver, over_message(m_outcome)});
    m_outcome = Outcome{Status::Resigned, other(who), {}};
    return {};
}

MoveResult Position::take_back_resignation() {
    if (m_outcome.status != Status::Resigned)
        return fail(MoveError{MoveErrorKind::NotAllowed, "nobody has resigned this game"});
    // A side can resign only while the game is on.
    m_outcome = Outcome{};
    return {};
}

MoveResult Position::forfeit(Player who, ForfeitReason reason) {
    if (m_outcome.over()) return fail(MoveError{MoveErrorKind::GameOver, over_message(m_outcome)});
    m_outcome = Outcome{Status::Forfeited, other(who), {}, reason};
    return {};
}

MoveResult Position::take_back_forfeit() {
    if (m_outcome.status != Status::Forfeited)
        return fail(MoveError{MoveErrorKind::NotAllowed, "nobody has forfeited this game"});
    // Like a resignation, a forfeit happens only while the game is on.
    m_outcome = Outcome{};
    return {};
}

MoveResult Position::adjudicate(std::optional<Player> winner) {
    if (m_outcome.over()) return fail(MoveError{MoveErrorKind::GameOver, over_message(m_outcome)});
    m_outcome = Outcome{Status::Adjudicated, winner, {}};
    return {};
}

MoveResult Position::take_back_adjudication() {
    if (m_outcome.status != Status::Adjudicated)
        return fail(MoveError{MoveErrorKind::NotAllowed, "this game has not been adjudicated"});
    // Like a resignation, an adjudication happens only while the game is on.
    m_outcome = Outcome{};
    return {};
}

std::size_t Position::memory_bytes() const noexcept {
    return sizeof(Position) + m_board.cells().capacity() * sizeof(Cell) + m_runs.memory_bytes() +
           m_outcome.winning_line.capacity() * sizeof(Pos) + m_history.capacity() * sizeof(std::uint32_t);
}

}  // namespace ttt
