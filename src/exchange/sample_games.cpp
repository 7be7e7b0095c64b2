// First-run samples: every game file of the samples folder into an empty database.
#include "tictactrace/exchange/sample_games.hpp"

#include "tictactrace/exchange/read_games.hpp"
#include "tictactrace/exchange/store_transfer.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>

namespace ttt::exchange {

Result<std::vector<store::GameId>, ExchangeError>
import_samples_if_empty(store::EventStore& store, const std::filesystem::path& folder, std::int64_t now_ms) {
    std::error_code ec;
    if (!store.list_games().empty() || !std::filesystem::is_directory(folder, ec))
        return std::vector<store::GameId>{};
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
        const std::string ext = entry.path().extension().string();
        if (entry.is_regular_file() &&
            (ext == ".json" || ext == ".xml" || ext == ".bin" || ext == ".sgf" || ext == ".psq"))
            files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());

    std::vector<GameRecord> games;
    for (const auto& file : files) {
        std::ifstream in(file, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        ImportOptions options;
        options.now_ms = now_ms;
        auto read = read_games(bytes, options);
        if (!read) {
            ExchangeError error = std::move(read).error();
            error.message = "sample " + file.filename().string() + ": " + error.message;
            return fail(std::move(error));
        }
        for (GameRecord& game : read.value().games) games.push_back(std::move(game));
    }
    // The emptiness seen above was only a hint; the store checks again under the write lock, so two
    // first runs at once import the samples once.
    return import_into_store(store, games, {}, true);
}

}  // namespace ttt::exchange
