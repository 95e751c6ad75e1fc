// Every node, key and position of a yaml::Node tree as text: two trees print the same
// only when they are the same down to the last column. Shared by the tests that hold
// two parse paths to the same trees (list_parallel_test, json_items_test).
#pragma once

#include "model/yaml/node.h"

#include <string>

namespace kg::test {

inline void dump_tree(const kg::model::yaml::Node& n, std::string& out) {
    using Kind = kg::model::yaml::Node::Kind;
    out += std::to_string(n.pos.line) + ":" + std::to_string(n.pos.col) + " ";
    switch (n.kind) {
        case Kind::null: out += "~"; break;
        case Kind::scalar: out += (n.plain ? "=" : "'") + n.scalar; break;
        case Kind::sequence:
            out += "[";
            for (const auto& i : n.items) {
                dump_tree(i, out);
                out += ",";
            }
            out += "]";
            break;
        case Kind::mapping:
            out += "{";
            for (const auto& e : n.entries) {
                out += std::to_string(e.key_pos.line) + ":" + std::to_string(e.key_pos.col) + " " + e.key + ": ";
                dump_tree(e.value, out);
                out += ",";
            }
            out += "}";
            break;
    }
    out += "\n";
}

}  // namespace kg::test
