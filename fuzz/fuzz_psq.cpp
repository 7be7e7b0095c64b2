// libFuzzer target: the psq importer (parse and validate, no database).
#include "fuzz_import.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return ttt::exchange::fuzz::import_bytes(data, size, ttt::exchange::Format::Psq);
}
