// An external Gomocup engine as the window lists it (Game > Engines...): the command line as the user
// typed it, and what the engine said of itself to ABOUT when it was added. The list is kept in
// settings.ini; a side played by an engine holds a copy of its entry, so removing it from the list never
// pulls it out of a game it plays.
#pragma once

#include "tictactrace/brains/about.hpp"

#include <string>
#include <string_view>

namespace ttt::app {

struct EngineEntry {
    std::string
        command;       // split like a shell's simple command (brains::split_command_line), never run by one
    std::string name;  // what ABOUT said, made safe to show; empty when it said nothing
    std::string version;
    std::string author;
    // It takes YXSTOP without a word when it has nothing to stop (brains::BrainClient::takes_yxstop): Stop
    // in the window then asks it for its move at once.
    bool yxstop = false;

    // How the window names it: "fake brain 1.2", or, when ABOUT gave no name, its program's file name.
    [[nodiscard]] std::string label() const;
    friend bool operator==(const EngineEntry&, const EngineEntry&) = default;
};

// The entry of an engine that answered ABOUT with `about`, its words made safe to show and to store (a
// player's name's rule: valid UTF-8, no control characters, at most 200 bytes).
[[nodiscard]] EngineEntry engine_entry(std::string command, const brains::BrainAbout& about, bool yxstop);

// The program's file name in a command line ("pbrain-embryo" for "/opt/brains/pbrain-embryo --x"), or the
// command line itself when it does not split.
[[nodiscard]] std::string program_name(std::string_view command);

}  // namespace ttt::app
