// What the command groups share: running a command's body and passing its exit status to main.
#include "cli/commands.hpp"

#include "cli/exit_status.hpp"

#include <CLI/CLI.hpp>

#include <utility>

namespace ttt::cli {

void set_command_body(CLI::App& command, std::function<int()> body) {
    command.callback([body = std::move(body)] {
        const int status = body();
        // CLI11's own way of ending with a status: main hands it to App::exit, which prints nothing.
        if (status != kExitOk) throw CLI::RuntimeError(status);
    });
}

}  // namespace ttt::cli
