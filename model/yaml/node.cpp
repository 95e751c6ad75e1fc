// Path lookups on the document tree and the short descriptions used in "found ..." messages.
#include "model/yaml/node.h"

namespace kg::model::yaml {

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
