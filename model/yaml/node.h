// A small position-aware document tree: what the YAML/JSON front end hands to the
// decoders. One tree is built per object (a document, or one item of a List) and
// dropped once decoded, so memory stays bounded on large exports.
#pragma once

#include "model/source_pos.h"

#include <string>
#include <string_view>
#include <vector>

namespace kg::model::yaml {

struct MapEntry;

struct Node {
    enum class Kind : std::uint8_t { null, scalar, sequence, mapping };

    Kind kind = Kind::null;
    /// True for a scalar written without quotes (so `8` and `"8"` can be told apart,
    /// and `null`/`~`/empty plain scalars become Kind::null).
    bool plain = true;
    SourcePos pos;
    std::string scalar;
    std::vector<Node> items;         ///< sequence elements
    std::vector<MapEntry> entries;   ///< mapping entries, in document order

    bool is_null() const { return kind == Kind::null; }
    bool is_scalar() const { return kind == Kind::scalar; }
    bool is_sequence() const { return kind == Kind::sequence; }
    bool is_mapping() const { return kind == Kind::mapping; }

    /// The value under `key` in a mapping, or nullptr (also for non-mappings).
    inline const Node* get(std::string_view key) const;
    /// The entry (key position included) under `key`, or nullptr.
    inline const MapEntry* entry(std::string_view key) const;
    /// Follows a dotted path of mapping keys ("spec.template.spec").
    const Node* at_path(std::string_view dotted) const;

    /// "mapping", "sequence", "string \"x\"", "null": for "found ..." in messages.
    std::string describe() const;
};

struct MapEntry {
    std::string key;
    SourcePos key_pos;
    Node value;
};

// Inline: the decoders and the schema walk look up every field by name, and the call
// (out of line in node.cpp) was a twentieth of loading an export.
const MapEntry* Node::entry(std::string_view key) const {
    if (kind != Kind::mapping) {
        return nullptr;
    }
    // Length and first byte before the bytes: most keys differ there.
    for (const MapEntry& e : entries) {
        if (e.key.size() == key.size() && (key.empty() || e.key[0] == key[0]) &&
            std::string_view(e.key) == key) {
            return &e;
        }
    }
    return nullptr;
}

const Node* Node::get(std::string_view key) const {
    const MapEntry* e = entry(key);
    return e ? &e->value : nullptr;
}

}  // namespace kg::model::yaml
