// A hash-map key that views a string held by the entry's own mapped value, so the key is
// stored once. The view is re-pointed at the value's string once the value sits in its
// node (set_view), in place: re-pointing through extract() and insert() hashed the key
// twice more per entry, and a replay puts each of its 500,000 workloads into two such maps.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace kg::sim {

struct OwnKey {
    OwnKey(std::string_view s) : view(s) {}
    OwnKey(const std::string& s) : view(s) {}
    OwnKey(const char* s) : view(s) {}
    /// Views the mapped value's own copy of the key. Mutable so that a key in a map can be
    /// re-pointed at an equal string: its hash and equality do not change.
    mutable std::string_view view;
    void set_view(const std::string& s) const { view = s; }
    friend bool operator==(const OwnKey& a, const OwnKey& b) { return a.view == b.view; }
};

struct OwnKeyHash {
    std::size_t operator()(const OwnKey& k) const { return std::hash<std::string_view>{}(k.view); }
};

}  // namespace kg::sim
