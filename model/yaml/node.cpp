// Lookups on the document tree and the short descriptions used in "found ..." messages.
#include "model/yaml/node.h"

namespace kg::model::yaml {

const MapEntry* Node::entry(std::string_view key) const {
    if (kind != Kind::mapping) {
        return nullptr;
    }
    // Length and first byte before the bytes: most keys differ there, and a memcmp
    // call per entry showed in the profile of loading an export (decoders and the
    // schema walk look up every field by name).
    for (const MapEntry& e : entries) {
        if (e.key.size() == key.size() && (key.empty() || e.key[0] == key[0]) && e.key == key) {
            return &e;
        }
    }
    return nullptr;
}

const Node* Node::get(std::string_view key) const {
    const MapEntry* e = entry(key);
    return e ? &e->value : nullptr;
}

const Node* Node::at_path(std::string_view dotted) const {
    const Node* n = this;
    while (n && !dotted.empty()) {
        std::size_t dot = dotted.find('.');
        n = n->get(dotted.substr(0, dot));
        dotted = dot == std::string_view::npos ? std::string_view() : dotted.substr(dot + 1);
    }
    return n;
}

std::string Node::describe() const {
    switch (kind) {
        case Kind::null: return "null";
        case Kind::sequence: return "a list";
        case Kind::mapping: return "a mapping";
        case Kind::scalar: break;
    }
    std::string s = scalar.size() > 60 ? scalar.substr(0, 57) + "..." : scalar;
    return "\"" + s + "\"";
}


}  // namespace kg::model::yaml
