// SGF games in and out. The reader walks each game of the parse tree (sgf_tree.hpp, the one SGF parser):
// its main line becomes the game's moves, every other variation VariationPlayed events, and what is
// written on the nodes (sgf_markup.hpp) Annotated events. The writer writes a game's study as its tree.
#include "tictactrace/exchange/sgf.hpp"

#include "civil_date.hpp"
#include "gomocup_rule.hpp"
#include "imported_name.hpp"
#include "sgf_markup.hpp"
#include "sgf_tree.hpp"
#include "tictactrace/engine/game_state.hpp"
#include "tictactrace/engine/player_name.hpp"
#include "tictactrace/engine/set_up.hpp"
#include "tictactrace/engine/study_tree.hpp"
#include "tictactrace/exchange/declared_result.hpp"
#include "tictactrace/exchange/validate.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <optional>
#include <tuple>

// [SECTION] Index
// - Property values: read from the tree's raw values.
// - GameBuilder: the main line's properties, turned into a GameRecord at the game's end.
// - read_sgf: the walk down each game's main line.
// - write_sgf.

namespace ttt::exchange {

namespace {

// A property's value as a message quotes it: whole when short, else its first `bytes` (never half a
// character) and an ellipsis, so a cut value is never mistaken for the file's.
std::string cut(std::string_view value, std::size_t bytes) {
    if (value.size() <= bytes) return std::string(value);
    while (bytes > 0 && (static_cast<unsigned char>(value[bytes]) & 0xC0) == 0x80) --bytes;
    return std::string(value.substr(0, bytes)) + "\u2026";
}

// [SECTION] Property values

// SimpleText: line breaks and other blanks become spaces, and the ends are trimmed.
std::string simple_text(std::string_view raw) {
    std::string out = sgf_unescape(raw);
    for (char& c : out)
        if (sgf_is_space(c)) c = ' ';
    const auto first = out.find_first_not_of(' ');
    if (first == std::string::npos) return {};
    out.erase(out.find_last_not_of(' ') + 1);
    out.erase(0, first);
    return out;
}

// A player's name: SimpleText, sanitized. A name without escapes or blanks other than spaces is read in
// place, so a 100 MB PB costs no copy at all; any other is copied once.
std::string name_text(std::string_view raw, std::string_view property, Player player, int game,
                      SourceSpot where, std::vector<ImportNote>& notes) {
    if (raw.find_first_of("\\\t\r\n\v\f") == std::string_view::npos) {
        const auto first = raw.find_first_not_of(' ');
        const std::string_view trimmed = first == std::string_view::npos
                                             ? std::string_view()
                                             : raw.substr(first, raw.find_last_not_of(' ') - first + 1);
        return detail::imported_name(trimmed, property, player, game, where, notes);
    }
    return detail::imported_name(simple_text(raw), property, player, game, where, notes);
}

std::optional<int> parse_side(std::string_view text) {
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// [SECTION] GameBuilder

// The game a GM value names, as the SGF standard (FF[4]) numbers them, for the refusal of any but 4.
std::string sgf_game_name(std::string_view gm) {
    static constexpr std::array<std::string_view, 41> kGames = {"",
                                                                "Go",
                                                                "Othello",
                                                                "chess",
                                                                "gomoku",
                                                                "Nine Men's Morris",
                                                                "backgammon",
                                                                "Chinese chess",
                                                                "shogi",
                                                                "Lines of Action",
                                                                "Ataxx",
                                                                "Hex",
                                                                "Jungle",
                                                                "Neutron",
                                                                "Philosopher's Football",
                                                                "Quadrature",
                                                                "Trax",
                                                                "Tantrix",
                                                                "Amazons",
                                                                "Octi",
                                                                "Gess",
                                                                "Twixt",
                                                                "Zertz",
                                                                "Plateau",
                                                                "Yinsh",
                                                                "Punct",
                                                                "Gobblet",
                                                                "Hive",
                                                                "Exxit",
                                                                "Hnefatafl",
                                                                "Kuba",
                                                                "Tripples",
                                                                "Chase",
                                                                "Tumbling Down",
                                                                "Sahara",
                                                                "Byte",
                                                                "Focus",
                                                                "Dvonn",
                                                                "Tamsk",
                                                                "Gipf",
                                                                "Kropki"};
    const auto number = parse_side(gm);
    if (number && *number >= 1 && *number < static_cast<int>(kGames.size()))
        return std::string(kGames[static_cast<std::size_t>(*number)]);
    return "a game the SGF standard does not number";
}

std::optional<Pos> parse_point(std::string_view v) {
    return detail::sgf_point(v);
}

struct PendingMove {
    Player player;
    Pos pos;
    SourceSpot where;
    std::optional<std::int64_t> think_ms;  // c-gomoku-cli's C[277ms] on the move's node
};

// A comment that is only a thinking time, "277ms" (what c-gomoku-cli writes on each move's node), as
// milliseconds; any other comment is nullopt.
std::optional<std::int64_t> think_time_of(std::string_view text) {
    if (!text.ends_with("ms")) return std::nullopt;
    text.remove_suffix(2);
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < 0 ||
        value > (std::int64_t{1} << 40))
        return std::nullopt;
    return value;
}

// Our own rules, as write_sgf stores them: "tictactrace:mnk rows=7 cols=7 k=4 exact=1 min_run=3 points=100".
std::optional<Rules> parse_rules_hint(std::string_view text) {
    constexpr std::string_view kPrefix = "tictactrace:";
    if (!text.starts_with(kPrefix)) return std::nullopt;
    text.remove_prefix(kPrefix.size());
    std::vector<std::string_view> words;
    while (!text.empty()) {
        const auto space = text.find(' ');
        if (space != 0) words.push_back(text.substr(0, space));
        if (space == std::string_view::npos) break;
        text.remove_prefix(space + 1);
    }
    if (words.empty()) return std::nullopt;
    const auto kind = rule_kind_from_name(words.front());
    if (!kind) return std::nullopt;
    Rules rules;
    rules.kind = *kind;
    for (std::size_t i = 1; i < words.size(); ++i) {
        const auto eq = words[i].find('=');
        if (eq == std::string_view::npos) return std::nullopt;
        const auto value = parse_side(words[i].substr(eq + 1));
        if (!value) return std::nullopt;
        const std::string_view key = words[i].substr(0, eq);
        if (key == "rows")
            rules.rows = *value;
        else if (key == "cols")
            rules.cols = *value;
        else if (key == "k")
            rules.k = *value;
        else if (key == "exact")
            rules.exact = *value != 0;
        else if (key == "min_run")
            rules.min_run = *value;
        else if (key == "points")
            rules.points = *value;
        else
            return std::nullopt;
    }
    return rules;
}

std::string rules_hint(const Rules& r) {
    return "tictactrace:" + std::string(name_of(r.kind)) + " rows=" + std::to_string(r.rows) +
           " cols=" + std::to_string(r.cols) + " k=" + std::to_string(r.k) +
           " exact=" + (r.exact ? "1" : "0") + " min_run=" + std::to_string(r.min_run) +
           " points=" + std::to_string(r.points);
}

class GameBuilder {
public:
    GameBuilder(int index, SourceSpot where, bool rules_given, std::vector<ImportNote>& notes)
        : m_index(index), m_rules_given(rules_given), m_where(where), m_notes(notes) {}

    // Takes one property of the main line; an error stops the file.
    Result<void, ExchangeError> property(const std::string& id, const std::vector<SgfValue>& values,
                                         SourceSpot where) {
        const auto refuse = [&](ExchangeErrorKind kind, std::string message) {
            return fail(ExchangeError{kind, std::move(message), where, m_index});
        };
        if (id == "B" || id == "W" || id == "AB" || id == "AW" || id == "AE" || id == "PL")
            if (auto gomoku = check_gomoku(where); !gomoku) return gomoku;
        if (id == "B" || id == "W") {
            auto move = read_move(id, values, where);
            if (!move) return fail(std::move(move).error());
            m_moves.push_back(move.value());
            m_node_has_move = true;
        } else if (id == "PL") {
            const std::string v = simple_text(values.front().raw);
            std::optional<Player> named;
            if (v == "B" || v == "b") named = Player::X;
            if (v == "W" || v == "w") named = Player::O;
            if (!named)
                return refuse(ExchangeErrorKind::Malformed,
                              "PL[" + cut(v, 16) + "] names no player: expected PL[B] or PL[W]");
            // After a move, PL can only repeat whose turn it is: moves alternate here.
            if (!m_moves.empty()) {
                if (*named == m_moves.back().player)
                    return refuse(ExchangeErrorKind::Unsupported,
                                  "PL[" + v +
                                      "] after a move of the same colour would make a player move twice, "
                                      "which cannot be replayed; only a set-up before the first move "
                                      "can say who starts");
                return {};
            }
            m_to_move = named;
        } else if (id == "AB" || id == "AW") {
            // A game here starts from its set-up and only adds moves, so the set-up comes first.
            if (!m_moves.empty())
                return refuse(ExchangeErrorKind::Unsupported,
                              id +
                                  " after the game's first move changes the board in the middle of the game, "
                                  "which cannot be replayed; only a set-up before the first move can");
            m_set_up = true;
            std::vector<Pos>& stones = id == "AB" ? m_setup.x : m_setup.o;
            for (const SgfValue& value : values) {
                const std::string v = sgf_unescape(value.raw);
                // A point, or a rectangle of points "ab:cd" (FF[4]'s compressed list).
                const auto colon = v.find(':');
                const auto from = parse_point(std::string_view(v).substr(0, colon));
                const auto to =
                    colon == std::string::npos ? from : parse_point(std::string_view(v).substr(colon + 1));
                if (!from || !to)
                    return fail(
                        ExchangeError{ExchangeErrorKind::Malformed,
                                      id + "[" + cut(v, 16) +
                                          "] is not a point or a rectangle of points: expected two letters, "
                                          "column then row (or two such points joined by ':')",
                                      value.where, m_index});
                for (int r = std::min(from->row, to->row); r <= std::max(from->row, to->row); ++r)
                    for (int c = std::min(from->col, to->col); c <= std::max(from->col, to->col); ++c)
                        stones.push_back(Pos{r, c});
            }
        } else if (id == "AE") {
            return refuse(
                ExchangeErrorKind::Unsupported,
                "AE clears points, which a game here never does (a set-up only places stones, with AB "
                "and AW)");
        } else if (id == "SZ") {
            const std::string v = sgf_unescape(values.front().raw);
            const auto colon = v.find(':');
            const auto cols = parse_side(std::string_view(v).substr(0, colon));
            const auto rows =
                colon == std::string::npos ? cols : parse_side(std::string_view(v).substr(colon + 1));
            if (!cols || !rows)
                return refuse(ExchangeErrorKind::Malformed, "SZ[" + cut(v, 16) + "] is not a board size");
            if (*cols < 1 || *rows < 1 || *cols > kMaxSide || *rows > kMaxSide)
                return refuse(ExchangeErrorKind::BadBoard, "SZ[" + cut(v, 16) + "]: a board must be 1 to " +
                                                               std::to_string(kMaxSide) +
                                                               " cells on each side");
            m_cols = *cols;
            m_rows = *rows;
            m_size_where = where;
        } else if (id == "GM") {
            const std::string v = simple_text(values.front().raw);
            // Renju editors write their games as Go (GM[1]) or as GM[5]: --rules reads them as the user says.
            if (v != "4" && !m_rules_given)
                return refuse(ExchangeErrorKind::Unsupported,
                              "GM[" + cut(v, 8) + "] is " + sgf_game_name(v) +
                                  ", not gomoku (GM[4]); give --rules to read the game as gomoku anyway");
            // Said once the rules are known, at the game's end: which rules it is read under.
            if (v != "4") m_other_game = std::pair{where, "GM[" + cut(v, 8) + "] is " + sgf_game_name(v)};
            m_game_named = true;
        } else if (id == "PB") {
            m_record.x_name = name_text(values.front().raw, "PB", Player::X, m_index, where, m_notes);
        } else if (id == "PW") {
            m_record.o_name = name_text(values.front().raw, "PW", Player::O, m_index, where, m_notes);
        } else if (id == "RE") {
            m_record.declared_result = simple_text(values.front().raw);
            m_record.result_where = where;
        } else if (id == "TE") {
            m_record.declared_end = simple_text(values.front().raw);
            m_record.end_where = where;
        } else if (id == "DT") {
            const std::string v = simple_text(values.front().raw);
            m_date_ms = detail::unix_ms_of_date(v);
            if (!m_date_ms)
                note(where, "DT",
                     "DT[" + cut(v, 40) +
                         "] is not a date this program reads (YYYY-MM-DD, as the SGF standard "
                         "writes it, or YYYY.MM.DD HH:MM:SS); the game is dated at the import");
        } else if (id == "RU") {
            m_rules_text = simple_text(values.front().raw);
            m_rules_where = where;
        }
        return {};
    }

    // Each node of the main line starts here: a comment times a move only if its node holds one.
    void start_node() noexcept { m_node_has_move = false; }

    // Whether `values`, a C of the main line's node being read, is only a thinking time for the node's move
    // (c-gomoku-cli's "277ms" on every move): then it times the move and is no comment.
    bool think_time(const std::vector<SgfValue>& values) {
        if (!m_node_has_move) return false;
        const auto ms = think_time_of(simple_text(values.front().raw));
        if (!ms) return false;
        m_moves.back().think_ms = ms;
        return true;
    }

    // The step of the game the main line has reached: the last move's node, 0 (the start) before any.
    [[nodiscard]] NodeId step() const noexcept { return static_cast<NodeId>(m_moves.size()); }

    // What a node of the file writes on `step`, added to what other nodes wrote there.
    void annotate(NodeId step, detail::SgfNodeNote node) {
        if (node.marks_left_out > 0)
            m_notes.push_back(ImportNote{m_index, node.first_left_out,
                                         "this node marks more cells than the " + std::to_string(kMaxShapes) +
                                             " a step holds; " + std::to_string(node.marks_left_out) +
                                             " marks were left out",
                                         false, true, "marks"});
        if (node.labels_cut > 0)
            m_notes.push_back(ImportNote{m_index, node.first_cut,
                                         std::to_string(node.labels_cut) + " label" +
                                             (node.labels_cut == 1 ? " is" : "s are") + " longer than the " +
                                             std::to_string(kMaxLabelBytes) + " bytes a cell shows, and cut",
                                         false, true, "LB"});
        if (node.kept_left_out > 0)
            m_notes.push_back(ImportNote{m_index, node.first_not_kept,
                                         std::to_string(node.kept_left_out) + " propert" +
                                             (node.kept_left_out == 1 ? "y" : "ies") +
                                             " of this node that nothing here reads could not be kept, to "
                                             "be written back (the first: " +
                                             node.why_not_kept + ")",
                                         false, true, ""});
        if (node.empty()) return;
        m_recoded = m_recoded || node.recoded;
        auto [it, fresh] = m_annotations.try_emplace(step, Annotation{}, node.where);
        detail::merge_annotation(it->second.first, detail::finished_sgf_note(std::move(node)));
    }

    // A move off the main line, played from `parent`: the node it makes, or the one already there when a
    // line from `parent` has the same move (a file may repeat a variation; a game holds one line per move).
    // Called once the main line has been read.
    Result<NodeId, ExchangeError> variation(NodeId parent, const std::string& id,
                                            const std::vector<SgfValue>& values, SourceSpot where) {
        auto move = read_move(id, values, where);
        if (!move) return fail(std::move(move).error());
        if (m_lines.empty())
            for (std::size_t k = 0; k < m_moves.size(); ++k)
                m_lines.emplace(line_key(static_cast<NodeId>(k), m_moves[k].player, m_moves[k].pos),
                                static_cast<NodeId>(k) + 1);
        const auto [it, fresh] =
            m_lines.try_emplace(line_key(parent, move.value().player, move.value().pos),
                                static_cast<NodeId>(m_moves.size() + m_variations.size()) + 1);
        if (fresh) m_variations.push_back({parent, move.value().player, move.value().pos, where});
        return it->second;
    }

    Result<GameRecord, ExchangeError> finish(const ImportOptions& options) {
        if (auto gomoku = check_gomoku(m_where); !gomoku) return fail(std::move(gomoku).error());
        const auto refuse = [&](std::string message) {
            return fail(ExchangeError{ExchangeErrorKind::BadBoard, std::move(message),
                                      m_size_where.known() ? m_size_where : m_where, m_index});
        };
        // RU: our own rules as write_sgf stores them, or a Gomocup rule code (c-gomoku-cli).
        std::optional<Rules> named;
        std::optional<std::string> unplayed;
        if (m_rules_text) {
            named = parse_rules_hint(*m_rules_text);
            if (!named) {
                auto code = detail::rules_of_gomocup_code(*m_rules_text, m_rows, m_cols);
                if (!code) {
                    if (!options.rules)
                        note(m_rules_where, "RU", code.error() + "; the game is read as freestyle gomoku");
                } else if (auto* rules = std::get_if<Rules>(&code.value())) {
                    named = *rules;
                } else if (auto* not_here = std::get_if<detail::UnplayedRule>(&code.value())) {
                    unplayed = not_here->sentence;
                }
            }
        }
        if (options.rules) {
            auto rules = rules_for_board(*options.rules, m_rows, m_cols);
            if (!rules) return refuse(rules.error());
            m_record.rules = rules.value();
            if (m_other_game)
                note(m_other_game->first, "GM",
                     m_other_game->second + "; the game is read under --rules as " +
                         describe(m_record.rules));
            if (m_rules_text && (unplayed || !named || *named != m_record.rules))
                note(m_rules_where, "RU",
                     "RU[" + cut(*m_rules_text, 40) + "] " +
                         (named ? "names " + describe(*named) : "names other rules") + "; --rules gives " +
                         describe(m_record.rules) + ", and the game is read under --rules");
        } else if (unplayed) {
            return fail(ExchangeError{ExchangeErrorKind::Unsupported, *unplayed, m_rules_where, m_index});
        } else if (named) {
            if (named->rows != m_rows || named->cols != m_cols)
                return refuse("the rules RU[] names a " + std::to_string(named->rows) + "x" +
                              std::to_string(named->cols) + " board but SZ says " + std::to_string(m_cols) +
                              ":" + std::to_string(m_rows));
            m_record.rules = *named;
        } else {
            m_record.rules = Rules::gomoku(false, m_rows, m_cols);
        }
        const std::int64_t when = m_date_ms.value_or(options.now_ms);
        m_record.created_ms = when;
        m_record.source_format = "sgf";
        m_record.where = m_where;
        // PL[W] alone is a set-up too: an empty board that O starts on.
        if (m_set_up || m_to_move == Player::O) {
            // Who moves next: PL, else the colour of the first move, else the rule for a set-up.
            m_setup.to_move =
                m_to_move.value_or(m_moves.empty() ? default_to_move(m_setup.x.size(), m_setup.o.size())
                                                   : m_moves.front().player);
            m_record.setup = std::move(m_setup);
        }
        // Each move is recorded its thinking time after the one before (from DT, the game's start); a
        // move without one, like c-gomoku-cli's opening moves, at the time of the one before.
        m_record.events.reserve(m_moves.size());
        std::int64_t at = when;
        for (const PendingMove& move : m_moves) {
            at += move.think_ms.value_or(0);
            append_event(m_record, MovePlayed{move.player, move.pos}, at, move.where);
        }
        // The study after the game's moves, in the file's order: each variation once its parent is there,
        // then what is written on each step, checked as any annotation is.
        for (const PendingVariation& v : m_variations)
            append_event(m_record, VariationPlayed{v.parent, v.player, v.pos}, at, v.where);
        for (auto& [step, noted] : m_annotations) {
            auto& [annotation, where] = noted;
            if (annotation.empty()) continue;
            if (auto fits = check_annotation(annotation, m_record.rules.rows, m_record.rules.cols); !fits)
                return fail(ExchangeError{ExchangeErrorKind::Unsupported,
                                          "what this node writes cannot be kept: " + fits.error(), where,
                                          m_index});
            append_event(m_record, Annotated{step, std::move(annotation)}, at, where);
        }
        if (m_recoded)
            note(m_where, "C",
                 "texts that are not UTF-8 (as the file's CA says they should be) were read as GBK or "
                 "Windows-1252");
        return std::move(m_record);
    }

private:
    struct PendingVariation {
        NodeId parent;
        Player player;
        Pos pos;
        SourceSpot where;
    };
    using LineKey = std::tuple<NodeId, int, int, int>;
    static LineKey line_key(NodeId parent, Player player, Pos pos) {
        return {parent, static_cast<int>(player), pos.row, pos.col};
    }

    Result<PendingMove, ExchangeError> read_move(const std::string& id, const std::vector<SgfValue>& values,
                                                 SourceSpot where) {
        const auto refuse = [&](ExchangeErrorKind kind, std::string message) {
            return fail(ExchangeError{kind, std::move(message), where, m_index});
        };
        if (auto gomoku = check_gomoku(where); !gomoku) return fail(std::move(gomoku).error());
        if (values.size() != 1) return refuse(ExchangeErrorKind::Malformed, id + " takes exactly one point");
        const std::string v = sgf_unescape(values.front().raw);
        if (v.empty())
            return refuse(ExchangeErrorKind::Unsupported, id + "[] is a pass, which gomoku does not have");
        const auto point = parse_point(v);
        if (!point)
            return refuse(ExchangeErrorKind::Malformed,
                          id + "[" + cut(v, 16) + "] is not a point: expected two letters, column then row");
        return PendingMove{id == "B" ? Player::X : Player::O, *point, where, std::nullopt};
    }

    void note(SourceSpot where, std::string property, std::string message) {
        m_notes.push_back(ImportNote{m_index, where, std::move(message), false, false, std::move(property)});
    }

    // GM belongs to the root node, so by a game's first move (or its end) the file has said which game
    // it is, or left it at the standard's default, Go; only a user's --rules reads it as another game.
    Result<void, ExchangeError> check_gomoku(SourceSpot where) const {
        if (m_game_named || m_rules_given) return {};
        return fail(
            ExchangeError{ExchangeErrorKind::Unsupported,
                          "no GM property: the SGF default is Go (GM[1]), not gomoku (GM[4]); give --rules "
                          "to read the game as gomoku anyway",
                          where, m_index});
    }

    int m_index;
    bool m_rules_given = false;  // --rules: a file without GM is read as the game the user named
    bool m_game_named = false;   // GM[4] was read
    SourceSpot m_where;
    std::vector<ImportNote>& m_notes;
    GameRecord m_record;
    std::vector<PendingMove> m_moves;
    bool m_set_up = false;            // AB or AW was read
    SetUp m_setup;                    // AB (X, black) and AW (O, white), in file order
    std::optional<Player> m_to_move;  // PL before the first move
    int m_rows = 15;
    int m_cols = 15;
    SourceSpot m_size_where;
    std::optional<std::int64_t> m_date_ms;
    std::optional<std::string> m_rules_text;  // RU's value
    std::optional<std::pair<SourceSpot, std::string>> m_other_game;  // GM of another game, and its words
    SourceSpot m_rules_where;
    bool m_node_has_move = false;  // the node being read holds a B or W
    std::vector<PendingVariation> m_variations;                         // in the file's order
    std::map<LineKey, NodeId> m_lines;                                  // every move's node by its parent
    std::map<NodeId, std::pair<Annotation, SourceSpot>> m_annotations;  // by step, with the first node's spot
    bool m_recoded = false;                                             // a text was not UTF-8
};

}  // namespace

// [SECTION] read_sgf

namespace {

// One node's properties: a move for `game` (the main line's, or a variation's when `parent` is set), what
// is written on it, and the rest for the game's record. The node's step, or the first error.
Result<NodeId, ExchangeError> read_node(const SgfNode& n, GameBuilder& game, std::optional<NodeId> parent,
                                        int index) {
    detail::SgfNodeNote note;
    std::optional<NodeId> made;
    game.start_node();
    for (const SgfProperty& property : n.properties) {
        // An identifier is read by its first 32 letters, as the parser names it in messages.
        const std::string id = sgf_canonical_id(property.id.substr(0, 32));
        if (detail::is_sgf_annotation(id, property.values)) {
            if (!parent && id == "C" && game.think_time(property.values)) continue;
            if (auto read = detail::read_sgf_annotation(id, property.values, property.where, index, note);
                !read)
                return fail(std::move(read).error());
            continue;
        }
        if (!parent) {
            if (auto taken = game.property(id, property.values, property.where); !taken)
                return fail(std::move(taken).error());
            if (!detail::is_sgf_read_here(id)) detail::keep_sgf_property(property, note);
            continue;
        }
        // Off the main line a node holds a move and what is written on it; the game's information
        // belongs to the root, and the rest (a clock, a Go player's marks of territory...) changes nothing
        // here: it is kept with the node, to be written back.
        if (id == "B" || id == "W") {
            if (made)
                return fail(
                    ExchangeError{ExchangeErrorKind::Unsupported,
                                  "a node of a variation holds two moves; a step of a line is one move",
                                  property.where, index});
            auto step = game.variation(*parent, id, property.values, property.where);
            if (!step) return fail(std::move(step).error());
            made = step.value();
        } else if (id == "AB" || id == "AW" || id == "AE") {
            return fail(ExchangeError{ExchangeErrorKind::Unsupported,
                                      id +
                                          " in a variation changes the board other than by a move, which a "
                                          "line of a game cannot do (only the game's root can set stones up)",
                                      property.where, index});
        } else if (!detail::is_sgf_read_here(id)) {
            detail::keep_sgf_property(property, note);
        }
    }
    const NodeId step = parent ? made.value_or(*parent) : game.step();
    game.annotate(step, std::move(note));
    return step;
}

// A leaf that changes nothing on the board.
bool ends_without_move(const SgfNode& n) {
    if (!n.children.empty()) return false;
    for (const SgfProperty& property : n.properties) {
        const std::string id = sgf_canonical_id(property.id.substr(0, 32));
        if (id == "B" || id == "W" || id == "AB" || id == "AW" || id == "AE") return false;
    }
    return true;
}

}  // namespace

Result<std::vector<GameRecord>, ExchangeError> read_sgf(std::string_view text, const ImportOptions& options,
                                                        std::vector<ImportNote>& notes) {
    auto parsed = parse_sgf_tree(text);
    if (!parsed) return fail(std::move(parsed).error());
    const SgfCollection& tree = parsed.value();
    std::vector<GameRecord> games;
    games.reserve(tree.roots.size());
    // The variations still to read, each with the step of the game its parent node stands on; a stack,
    // so that no depth of nesting recurses.
    std::vector<std::pair<std::uint32_t, NodeId>> pending;
    for (std::size_t g = 0; g < tree.roots.size(); ++g) {
        const int index = static_cast<int>(g);
        GameBuilder game(index, tree.root_where[g], options.rules.has_value(), notes);
        // Down the first child of each node: the main line, the game's own moves.
        std::vector<std::pair<std::uint32_t, NodeId>> branches;
        for (std::uint32_t node = tree.roots[g];;) {
            const SgfNode& n = tree.nodes[node];
            auto step = read_node(n, game, std::nullopt, index);
            if (!step) return fail(std::move(step).error());
            if (n.children.empty()) break;
            // A first child that neither moves nor goes on is what is written at the main line's end (a
            // comment, as GOWrite leaves one before a branch): read at this step, and the next child goes on
            // with the game, since a game's last step can have no variation.
            std::size_t first = 0;
            while (first + 1 < n.children.size() && ends_without_move(tree.nodes[n.children[first]])) {
                auto merged = read_node(tree.nodes[n.children[first]], game, std::nullopt, index);
                if (!merged) return fail(std::move(merged).error());
                ++first;
            }
            for (std::size_t c = first + 1; c < n.children.size(); ++c)
                branches.emplace_back(n.children[c], step.value());
            node = n.children[first];
        }
        // Then every other line, from the first branch of the main line on, each depth first with its
        // main continuation first: the order a writer wrote them in.
        for (const auto& branch : branches) {
            pending.push_back(branch);
            while (!pending.empty()) {
                const auto [node, parent] = pending.back();
                pending.pop_back();
                const SgfNode& n = tree.nodes[node];
                auto step = read_node(n, game, parent, index);
                if (!step) return fail(std::move(step).error());
                for (std::size_t c = n.children.size(); c-- > 0;)
                    pending.emplace_back(n.children[c], step.value());
            }
        }
        auto record = game.finish(options);
        if (!record) return fail(std::move(record).error());
        games.push_back(std::move(record).value());
    }
    return games;
}

// [SECTION] Writing

namespace {

// TE for an end off the board, so that it reads back as the same event: a forfeit in c-gomoku-cli's
// words for its reason (a forfeit for garbage has none: RE's "F" alone says it), an adjudication in its
// own. Empty for any other end.
std::string end_text(const GameRecord& game, const Position& position, const std::string& result) {
    const Outcome& outcome = position.outcome();
    if (outcome.status == Status::Forfeited && outcome.forfeit && outcome.winner) {
        const std::string side = *outcome.winner == Player::X ? "Black win by " : "White win by ";
        switch (*outcome.forfeit) {
        case ForfeitReason::Timeout: return side + "time forfeit";
        case ForfeitReason::Crash: return side + "opponent crash";
        case ForfeitReason::IllegalMove: return side + "opponent illegal move";
        case ForfeitReason::Garbage: return {};
        // c-gomoku-cli's words, with no side: only Black can play a forbidden point.
        case ForfeitReason::Foul: return "Black play on forbidden position";
        }
    }
    // The adjudication is the game's last event but for what a study added after it.
    auto last = std::find_if(game.events.rbegin(), game.events.rend(),
                             [](const RecordedEvent& e) { return !is_study(e.event); });
    if (outcome.status != Status::Adjudicated || last == game.events.rend()) return {};
    const auto* adjudicated = std::get_if<Adjudicated>(&last->event);
    if (!adjudicated || adjudicated->reason == result) return {};
    return adjudicated->reason;
}

// A game's study as the rest of its SGF game tree, after the root's properties: the root's annotation,
// then each line as a sequence of nodes, the main continuation first and every other in parentheses.
// SGF has moves only: a take-back goes back to the node before the move it takes back, so that what is
// played after it is a variation there; an end or an opening's choice is no node, and what is written on
// one of them is written on the node its position is. Two lines with the same move from one node are one.
std::string write_study(const StudyTree& tree, bool wrote_gc) {
    struct OutNode {
        std::string move;  // ";B[hh]", empty for the root
        Annotation note;
        std::uint32_t parent = 0;
        std::vector<std::uint32_t> children;
    };
    std::vector<OutNode> nodes(1);
    // The output node each node of the tree stands on, by node id; filled in as the walk reaches it.
    std::map<NodeId, std::uint32_t> at;
    at[0] = 0;
    std::vector<NodeId> todo{0};
    while (!todo.empty()) {
        const NodeId id = todo.back();
        todo.pop_back();
        if (id != 0) {
            const std::uint32_t from = at.at(tree.parent(id));
            std::uint32_t here = from;
            const Event step = tree.step_event(id);
            if (const auto* move = std::get_if<MovePlayed>(&step)) {
                const std::string text = std::string(move->player == Player::X ? ";B[" : ";W[") +
                                         detail::sgf_point_text(move->pos) + "]";
                const auto& siblings = nodes[from].children;
                const auto same = std::find_if(siblings.begin(), siblings.end(),
                                               [&](std::uint32_t c) { return nodes[c].move == text; });
                if (same != siblings.end()) {
                    here = *same;
                } else {
                    here = static_cast<std::uint32_t>(nodes.size());
                    nodes.push_back(OutNode{text, {}, from, {}});
                    nodes[from].children.push_back(here);
                }
            } else if (std::holds_alternative<MoveTakenBack>(step)) {
                here = nodes[from].parent;
            }
            at[id] = here;
        }
        detail::merge_annotation(nodes[at[id]].note, tree.annotation(id));
        const auto children = tree.children(id);
        for (auto c = children.rbegin(); c != children.rend(); ++c) todo.push_back(*c);
    }
    // Written without recursion: a frame for each '(' still open.
    // The root's own properties are written already; GC among them when an opening told its story there.
    std::string out = wrote_gc ? detail::write_sgf_annotation(nodes[0].note, {"GC"})
                               : detail::write_sgf_annotation(nodes[0].note);
    struct Frame {
        std::uint32_t node;
        std::size_t next = 0;
    };
    std::vector<Frame> open{{0, 0}};
    std::size_t since_break = 0;
    const auto write_node = [&](std::uint32_t n) {
        out += nodes[n].move;
        out += detail::write_sgf_annotation(nodes[n].note);
        if (!nodes[n].note.empty() || ++since_break == 10) {
            out += "\n";
            since_break = 0;
        }
    };
    while (!open.empty()) {
        Frame& frame = open.back();
        const auto& kids = nodes[frame.node].children;
        if (kids.size() == 1) {
            frame.node = kids.front();
            write_node(frame.node);
        } else if (frame.next < kids.size()) {
            const std::uint32_t child = kids[frame.next++];
            out += "(";
            write_node(child);
            open.push_back({child, 0});
        } else {
            out += ")";
            open.pop_back();
            if (open.empty() || kids.empty()) out += "\n";
        }
    }
    return out;
}

}  // namespace

Result<std::string, ExchangeError> write_sgf(std::span<const GameRecord> games) {
    std::string out;
    for (std::size_t g = 0; g < games.size(); ++g) {
        const GameRecord& game = games[g];
        const int index = static_cast<int>(g);
        if (game.rules.rows > kSgfMaxSide || game.rules.cols > kSgfMaxSide)
            return fail(ExchangeError{
                ExchangeErrorKind::Unsupported,
                "SGF names at most " + std::to_string(kSgfMaxSide) + " rows and columns; this board is " +
                    std::to_string(game.rules.rows) + "x" + std::to_string(game.rules.cols),
                {},
                index});
        auto folded = fold_record(game, index);
        if (!folded) return fail(std::move(folded).error());
        const GameState& end_state = folded.value();
        // fold_record has checked the study, if there is one: its tree is there to write.
        const auto tree = StudyTree::build(to_events(game));
        const Position& position = end_state.position;

        out += "(;GM[4]FF[4]CA[UTF-8]AP[tictactrace]";
        out += "SZ[" + std::to_string(game.rules.cols);
        if (game.rules.rows != game.rules.cols) out += ":" + std::to_string(game.rules.rows);
        // The Gomocup rule code where it says the rules exactly (gomoku, exact five, renju, caro), as other
        // programs write and read RU; our own words for every other rule set.
        const auto code = gomocup_rule_code(game.rules);
        const bool coded =
            code && rules_from_gomocup_code(*code, game.rules.rows, game.rules.cols) == game.rules;
        out += "]\nRU[" + (coded ? std::to_string(*code) : rules_hint(game.rules)) + "]";
        // Names from the log pass the name rule; one from an older log may not, and SGF has no escape for
        // a control character: it is written as the import would have read it.
        // Black and White as the game ended: an opening rule's choice may have given the colours to the other
        // players than the creation named. SGF has no opening events, so the opening is told in GC and its
        // stones are moves like the others.
        out += "PB[" + sgf_escape(sanitize_player_name(end_state.x_name).name) + "]PW[" +
               sgf_escape(sanitize_player_name(end_state.o_name).name) + "]";
        if (const OpeningState& opening = end_state.opening; opening.rule != OpeningRule::None) {
            OpeningState plain = opening;
            plain.first_name = sanitize_player_name(opening.first_name).name;
            plain.second_name = sanitize_player_name(opening.second_name).name;
            std::string story = std::string(name_of(opening.rule)) + " opening: " + plain.first_name +
                                " placed the first stones";
            for (int i = 0; i < opening.count; ++i)
                story += "; " +
                         describe_choice(opening.choices[static_cast<std::size_t>(i)], chooser_of(i), plain);
            out += "GC[" + sgf_escape(story) + "]";
        }
        out += "DT[" + detail::date_of_unix_ms(game.created_ms) + "]";
        const std::string result = result_text(position);
        if (!result.empty()) out += "RE[" + result + "]";
        if (const std::string end = end_text(game, position, result); !end.empty())
            out += "TE[" + sgf_escape(end) + "]";
        out += "\n";
        Player mover = Player::X;
        if (game.setup) {
            // The set-up as SGF's own setup properties, in the root node, and whose turn it leaves.
            const auto stones = [&out](const char* id, const std::vector<Pos>& cells) {
                if (cells.empty()) return;
                out += id;
                for (std::size_t i = 0; i < cells.size(); ++i) {
                    out += '[';
                    out += detail::sgf_point_text(cells[i]);
                    out += ']';
                    if (i % 20 == 19 && i + 1 < cells.size()) out += "\n";
                }
            };
            stones("AB", game.setup->x);
            stones("AW", game.setup->o);
            out += game.setup->to_move == Player::X ? "PL[B]\n" : "PL[W]\n";
            mover = game.setup->to_move;
        }
        if (const StudyTree* study = tree.has_value() ? &tree.value() : nullptr; study && study->studied()) {
            out += write_study(*study, end_state.opening.rule != OpeningRule::None);
            continue;
        }
        const std::vector<Pos> moves = position.moves();
        for (std::size_t i = 0; i < moves.size(); ++i) {
            out += mover == Player::X ? ";B[" : ";W[";
            mover = other(mover);
            out += detail::sgf_point_text(moves[i]);
            out += "]";
            if (i % 10 == 9 && i + 1 < moves.size()) out += "\n";
        }
        out += ")\n";
    }
    return out;
}

}  // namespace ttt::exchange
