// Game > Export: one game of the log, every event as logged, written to a file through the exchange layer.
#pragma once

#include "model/intent.hpp"
#include "model/notice.hpp"
#include "tictactrace/engine/position.hpp"
#include "tictactrace/store/event_store.hpp"

#include <filesystem>

namespace ttt::app {

// Writes game `id` of `store` to `path` as `format` and says so. A format that cannot hold the game (SGF
// beyond 52x52, ...) or a path that cannot be written is said instead, and false; the file is then as it
// was. A StorageError goes through.
bool export_game(const store::EventStore& store, store::GameId id, ExportFormat format,
                 const std::filesystem::path& path, Notices& notices);

// Writes `position` (the step shown) with `note` (what is written on it) to the request's path as a diagram,
// SVG or PNG by the name's ending, and says so; a name with another ending, a size out of range or a path
// that cannot be written is said instead, and false, and the file is as it was.
bool export_diagram(const Position& position, const Annotation& note, const ExportDiagram& request,
                    Notices& notices);

}  // namespace ttt::app
