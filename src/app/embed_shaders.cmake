# Writes every shader file given in INPUTS into OUTPUT as a C++ string constant named after the file
# (board.frag -> ttt::app::shaders::board_frag), so the program never looks for files at run time.
set(body "// Generated from shaders/ at build time; edit the .vert/.frag files, not this.\n#pragma once\n\n#include <string_view>\n\nnamespace ttt::app::shaders {\n")
foreach(input IN LISTS INPUTS)
    get_filename_component(name ${input} NAME)
    string(MAKE_C_IDENTIFIER ${name} ident)
    file(READ ${input} text)
    string(APPEND body "\ninline constexpr std::string_view ${ident} = R\"glsl(${text})glsl\";\n")
endforeach()
string(APPEND body "\n}  // namespace ttt::app::shaders\n")
file(WRITE ${OUTPUT} "${body}")
