// The score trace through cereal's JSON archive: free save templates for the engine's trace types.
#include <cereal/archives/json.hpp>

#include "tictactrace/exchange/score_trace_json.hpp"

#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>

#include <sstream>

namespace ttt {

// A cell as [row, col], counted from 1.
template <class Archive>
void save(Archive& ar, const Pos& p) {
    ar(cereal::make_size_tag(static_cast<cereal::size_type>(2)));
    ar(p.row + 1, p.col + 1);
}

template <class Archive>
void save(Archive& ar, const TraceRun& run) {
    ar(cereal::make_nvp("cells", run.cells), cereal::make_nvp("length", run.length),
       cereal::make_nvp("points", run.points));
}

// The row with the parameters its text needs.
struct TraceRowView {
    const TraceRow* row;
    ScoreParams params;
};

template <class Archive>
void save(Archive& ar, const TraceRowView& view) {
    const TraceRow& row = *view.row;
    ar(cereal::make_nvp("index", row.index), cereal::make_nvp("cells", row.cells),
       cereal::make_nvp("bits", row.bits), cereal::make_nvp("pieces", row.pieces),
       cereal::make_nvp("kept", row.nonempty_pieces()), cereal::make_nvp("runs", row.runs),
       cereal::make_nvp("points", row.points), cereal::make_nvp("direction_total", row.direction_total),
       cereal::make_nvp("overall_total", row.overall_total),
       cereal::make_nvp("text", format_trace_row(row, view.params)));
}

struct TraceDirectionView {
    const TraceDirection* direction;
    ScoreParams params;
};

template <class Archive>
void save(Archive& ar, const TraceDirectionView& view) {
    const TraceDirection& d = *view.direction;
    std::vector<TraceRowView> rows;
    rows.reserve(d.rows.size());
    for (const TraceRow& row : d.rows) rows.push_back({&row, view.params});
    ar(cereal::make_nvp("direction", std::string(name_of(d.direction))),
       cereal::make_nvp("matrix", std::string(matrix_name_of(d.direction))),
       cereal::make_nvp("total", d.total), cereal::make_nvp("rows", rows));
}

template <class Archive>
void save(Archive& ar, const ScoreTrace& trace) {
    std::vector<TraceDirectionView> directions;
    for (const TraceDirection& d : trace.directions) directions.push_back({&d, trace.params});
    ar(cereal::make_nvp("player", std::string(1, to_char(trace.player))),
       cereal::make_nvp("total", trace.total), cereal::make_nvp("directions", directions));
}

}  // namespace ttt

namespace ttt::exchange {

namespace {

struct TraceDocument {
    const Board* board;
    const ScoreTrace* x;
    const ScoreTrace* o;
};

template <class Archive>
void save(Archive& ar, const TraceDocument& doc, std::uint32_t /*version*/) {
    ar(cereal::make_nvp("rows", doc.board->rows()), cereal::make_nvp("cols", doc.board->cols()),
       cereal::make_nvp("min_run", doc.x->params.min_run), cereal::make_nvp("points", doc.x->params.points),
       cereal::make_nvp("board", doc.board->to_strings()), cereal::make_nvp("x", *doc.x),
       cereal::make_nvp("o", *doc.o));
}

}  // namespace

}  // namespace ttt::exchange

CEREAL_CLASS_VERSION(ttt::exchange::TraceDocument, 1);

namespace ttt::exchange {

std::string score_trace_json(const Board& board, const ScoreTrace& x_trace, const ScoreTrace& o_trace) {
    std::ostringstream out;
    {
        cereal::JSONOutputArchive writer(out);
        writer(cereal::make_nvp("score_trace", TraceDocument{&board, &x_trace, &o_trace}));
    }
    out << '\n';
    return std::move(out).str();
}

std::string score_trace_json(const Board& board, ScoreParams params) {
    return score_trace_json(board, trace_score(board, Player::X, params),
                            trace_score(board, Player::O, params));
}

}  // namespace ttt::exchange
