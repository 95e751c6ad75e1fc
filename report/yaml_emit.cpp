// Block-style YAML from JSON values. Strings are double-quoted whenever a plain
// scalar could be misread (numbers, booleans, null, leading indicators, ': ').
#include "report/yaml_emit.h"
#include "report/escape_json.h"

#include <cstdio>
#include <string>

namespace kg::report {

namespace {

bool needs_quotes(const std::string& s) {
    if (s.empty()) {
        return true;
    }
    static const char* const k_words[] = {"true", "false", "yes", "no", "on", "off", "null", "~", "True", "False",
                                          "Yes", "No", "On", "Off", "Null", "NULL", "TRUE", "FALSE"};
    for (const char* w : k_words) {
        if (s == w) {
            return true;
        }
    }
    if (std::string("-?:,[]{}#&*!|>'\"%@`0123456789.+ ").find(s.front()) != std::string::npos) {
        return true;
    }
    if (s.back() == ' ' || s.find(": ") != std::string::npos || s.find(" #") != std::string::npos) {
        return true;
    }
    for (unsigned char c : s) {
        if (c < 0x20 || c == 0x7f) {
            return true;
        }
    }
    // C1 controls and bidi overrides go quoted, where they become \u escapes.
    return json_escape_hostile(s) != s;
}

std::string quote(const std::string& s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            default:
                if (c < 0x20 || c == 0x7f) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\x%02x", c);
                    out += buf;
                } else {
                    out += static_cast<char>(c);
                }
        }
    }
    return json_escape_hostile(out) + "\"";
}

std::string scalar(const nlohmann::ordered_json& v) {
    if (v.is_string()) {
        const std::string& s = v.get_ref<const std::string&>();
        return needs_quotes(s) ? quote(s) : s;
    }
    return v.dump();
}

bool is_empty_container(const nlohmann::ordered_json& v) { return (v.is_object() || v.is_array()) && v.empty(); }

void emit(std::ostream& out, const nlohmann::ordered_json& v, int indent);

void emit_value_after_key(std::ostream& out, const nlohmann::ordered_json& v, int indent) {
    if (is_empty_container(v)) {
        out << (v.is_object() ? " {}\n" : " []\n");
    } else if (v.is_object()) {
        out << "\n";
        emit(out, v, indent + 2);
    } else if (v.is_array()) {
        out << "\n";
        emit(out, v, indent);
    } else {
        out << " " << scalar(v) << "\n";
    }
}

void emit(std::ostream& out, const nlohmann::ordered_json& v, int indent) {
    std::string pad(static_cast<std::size_t>(indent), ' ');
    if (v.is_object()) {
        for (auto it = v.begin(); it != v.end(); ++it) {
            out << pad << (needs_quotes(it.key()) ? quote(it.key()) : it.key()) << ":";
            emit_value_after_key(out, it.value(), indent);
        }
    } else if (v.is_array()) {
        for (const auto& item : v) {
            if (item.is_object() && !item.empty()) {
                // First key on the dash line, the rest indented under it.
                bool first = true;
                for (auto it = item.begin(); it != item.end(); ++it) {
                    out << (first ? pad + "- " : pad + "  ") << (needs_quotes(it.key()) ? quote(it.key()) : it.key())
                        << ":";
                    emit_value_after_key(out, it.value(), indent + 2);
                    first = false;
                }
            } else if (item.is_array() && !item.empty()) {
                out << pad << "-\n";
                emit(out, item, indent + 2);
            } else {
                out << pad << "- " << (is_empty_container(item) ? (item.is_object() ? "{}" : "[]") : scalar(item))
                    << "\n";
            }
        }
    } else {
        out << pad << scalar(v) << "\n";
    }
}

}  // namespace

void emit_yaml(std::ostream& out, const nlohmann::ordered_json& doc) { emit(out, doc, 0); }

}  // namespace kg::report
