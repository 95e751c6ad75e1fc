#include "audit/ingest/cloud/json_util.h"

#include <cstdio>

namespace kg::audit::ingest::cloud {

void append_quoted(std::string& out, std::string_view s) {
    out += '"';
    for (unsigned char ch : s) {
        if (ch == '"' || ch == '\\') {
            out += '\\';
            out += static_cast<char>(ch);
        } else if (ch < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", ch);
            out += buf;
        } else {
            out += static_cast<char>(ch);
        }
    }
    out += '"';
}

void append_without_type(std::string& out, element obj) {
    simdjson::dom::object o;
    if (obj.get_object().get(o)) {
        out += simdjson::minify(obj);
        return;
    }
    out += '{';
    bool first = true;
    for (auto [k, v] : o) {
        if (k.starts_with("@")) continue;
        if (!first) out += ',';
        first = false;
        append_quoted(out, k);
        out += ':';
        out += simdjson::minify(v);
    }
    out += '}';
}

}  // namespace kg::audit::ingest::cloud
