#include "audit/ingest/node_json.h"

#include <cstdio>

namespace kg::audit::ingest {

namespace {

bool looks_numeric(const std::string& s) {
    // JSON number grammar (YAML 1.2 core schema ints and floats that JSON can carry).
    std::size_t i = 0;
    if (i < s.size() && s[i] == '-') ++i;
    if (i >= s.size()) return false;
    if (s[i] == '0') {
        ++i;
    } else if (s[i] >= '1' && s[i] <= '9') {
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    } else {
        return false;
    }
    if (i < s.size() && s[i] == '.') {
        ++i;
        if (i >= s.size() || s[i] < '0' || s[i] > '9') return false;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    }
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
        if (i >= s.size() || s[i] < '0' || s[i] > '9') return false;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    }
    return i == s.size();
}

void quote(const std::string& s, std::string& out) {
    out += '"';
    for (unsigned char ch : s) {
        switch (ch) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (ch < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", ch);
                    out += buf;
                } else {
                    out += static_cast<char>(ch);
                }
        }
    }
    out += '"';
}

}  // namespace

void node_to_json(const model::yaml::Node& n, std::string& out) {
    using K = model::yaml::Node::Kind;
    switch (n.kind) {
        case K::null: out += "null"; break;
        case K::scalar:
            if (n.plain && (n.scalar == "true" || n.scalar == "false" || looks_numeric(n.scalar)))
                out += n.scalar;
            else if (n.plain && (n.scalar == "True" || n.scalar == "TRUE"))
                out += "true";
            else if (n.plain && (n.scalar == "False" || n.scalar == "FALSE"))
                out += "false";
            else
                quote(n.scalar, out);
            break;
        case K::sequence: {
            out += '[';
            bool first = true;
            for (const auto& item : n.items) {
                if (!first) out += ',';
                first = false;
                node_to_json(item, out);
            }
            out += ']';
            break;
        }
        case K::mapping: {
            out += '{';
            bool first = true;
            for (const auto& e : n.entries) {
                if (!first) out += ',';
                first = false;
                quote(e.key, out);
                out += ':';
                node_to_json(e.value, out);
            }
            out += '}';
            break;
        }
    }
}

}  // namespace kg::audit::ingest
