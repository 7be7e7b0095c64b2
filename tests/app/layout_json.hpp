// A --print-layout line read as the JSON it is. The window tests look a member up by its name or its
// path, never by searching the line's text: a member that moves, a value written another way (1 or 1.0)
// or a name that is also a word inside a string cannot fool them.
#pragma once

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ttt::app::testing {

class Json {
public:
    // `text` parsed; not ok() when it is not one whole JSON value.
    explicit Json(const std::string& text) : m_doc(std::make_shared<rapidjson::Document>()) {
        m_doc->Parse(text.c_str(), text.size());
        if (m_doc->HasParseError()) m_doc.reset();
    }

    [[nodiscard]] bool ok() const noexcept { return m_doc != nullptr; }
    [[nodiscard]] const rapidjson::Value* root() const noexcept { return m_doc.get(); }

    // The first member named `key`, the top level first, then depth first in the line's order: what a
    // panel's part of the line is called, wherever the app put it.
    [[nodiscard]] const rapidjson::Value* find(const std::string& key) const {
        return m_doc ? find_in(*m_doc, key) : nullptr;
    }
    [[nodiscard]] bool has(const std::string& key) const { return find(key) != nullptr; }
    [[nodiscard]] bool is_null(const std::string& key) const {
        const auto* v = find(key);
        return v && v->IsNull();
    }
    // The member's value when it is a string, a true/false, or a number.
    [[nodiscard]] std::optional<std::string> text(const std::string& key) const {
        const auto* v = find(key);
        return v && v->IsString() ? std::optional<std::string>(std::string(v->GetString(), v->GetStringLength()))
                                  : std::nullopt;
    }
    [[nodiscard]] std::optional<bool> flag(const std::string& key) const {
        const auto* v = find(key);
        return v && v->IsBool() ? std::optional<bool>(v->GetBool()) : std::nullopt;
    }
    [[nodiscard]] std::optional<double> number(const std::string& key) const {
        const auto* v = find(key);
        return v && v->IsNumber() ? std::optional<double>(v->GetDouble()) : std::nullopt;
    }
    // Every number in the member's value, nested lists flattened, in order: [] for null or none.
    [[nodiscard]] std::vector<double> numbers(const std::string& key) const {
        std::vector<double> out;
        if (const auto* v = find(key)) collect(*v, out);
        return out;
    }
    // The member's strings, when its value is a list of them.
    [[nodiscard]] std::vector<std::string> texts(const std::string& key) const {
        std::vector<std::string> out;
        if (const auto* v = find(key); v && v->IsArray())
            for (const auto& item : v->GetArray())
                if (item.IsString()) out.emplace_back(item.GetString(), item.GetStringLength());
        return out;
    }
    // The member's value written back as JSON (a panel's part, to look into again).
    [[nodiscard]] std::optional<std::string> dump(const std::string& key) const {
        const auto* v = find(key);
        if (!v) return std::nullopt;
        rapidjson::StringBuffer buffer;
        rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
        v->Accept(writer);
        return std::string(buffer.GetString(), buffer.GetSize());
    }

private:
    static const rapidjson::Value* find_in(const rapidjson::Value& v, const std::string& key) {
        if (v.IsObject()) {
            const auto m = v.FindMember(rapidjson::StringRef(key.c_str(), key.size()));
            if (m != v.MemberEnd()) return &m->value;
            for (const auto& member : v.GetObject())
                if (const auto* found = find_in(member.value, key)) return found;
        } else if (v.IsArray()) {
            for (const auto& item : v.GetArray())
                if (const auto* found = find_in(item, key)) return found;
        }
        return nullptr;
    }

    static void collect(const rapidjson::Value& v, std::vector<double>& out) {
        if (v.IsNumber()) {
            out.push_back(v.GetDouble());
        } else if (v.IsArray()) {
            for (const auto& item : v.GetArray()) collect(item, out);
        }
    }

    std::shared_ptr<rapidjson::Document> m_doc;
};

}  // namespace ttt::app::testing
