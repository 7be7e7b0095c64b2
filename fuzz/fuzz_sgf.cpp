// libFuzzer target: the sgf importer (parse and validate, no database), and the parse tree under it:
// a tree that parses must write back into text that parses to the same tree.
#include "fuzz_import.hpp"
#include "sgf_tree.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (auto tree = ttt::exchange::parse_sgf_tree(text)) {
        const std::string written = ttt::exchange::write_sgf_tree(tree.value());
        auto again = ttt::exchange::parse_sgf_tree(written);
        if (!again) ttt::exchange::fuzz::fail("a parse tree written back was refused");
        if (!ttt::exchange::same_sgf_tree(tree.value(), again.value()))
            ttt::exchange::fuzz::fail("a parse tree changed on its way back");
    } else if (tree.error().message.empty()) {
        ttt::exchange::fuzz::fail("a refusal without a message");
    }
    return ttt::exchange::fuzz::import_bytes(data, size, ttt::exchange::Format::Sgf);
}
