// Names of the export formats, as the menu shows them and files end.
#include "model/intent.hpp"

namespace ttt::app {

const char* name_of(ExportFormat format) noexcept {
    switch (format) {
    case ExportFormat::Json: return "JSON";
    case ExportFormat::Xml: return "XML";
    case ExportFormat::Binary: return "Binary";
    case ExportFormat::Sgf: return "SGF";
    case ExportFormat::Psq: return "PSQ";
    }
    return "?";
}

const char* extension_of(ExportFormat format) noexcept {
    switch (format) {
    case ExportFormat::Json: return ".json";
    case ExportFormat::Xml: return ".xml";
    case ExportFormat::Binary: return ".bin";
    case ExportFormat::Sgf: return ".sgf";
    case ExportFormat::Psq: return ".psq";
    }
    return "";
}

}  // namespace ttt::app
