#include "model/object_index.h"

#include <bit>
#include <stdexcept>

namespace kg::model {

namespace {

/// Byte i of "namespace/name".
char joined_at(const ObjectKey& k, std::size_t i) {
    if (i < k.ns.size()) return k.ns[i];
    return i == k.ns.size() ? '/' : k.name[i - k.ns.size() - 1];
}

}  // namespace

bool operator==(const ObjectKey& a, const ObjectKey& b) {
    if (a.ns.size() + a.name.size() != b.ns.size() + b.name.size()) {
        return false;
    }
    if (a.ns.size() == b.ns.size()) {
        return a.ns == b.ns && a.name == b.name;  // every key without a '/' in its namespace
    }
    for (std::size_t i = 0, n = a.ns.size() + 1 + a.name.size(); i < n; ++i) {
        if (joined_at(a, i) != joined_at(b, i)) {
            return false;
        }
    }
    return true;
}

std::uint64_t ObjectIndex::hash(const ObjectKey& key) {
    // FNV-1a over "namespace/name", then a 64-bit finalizer, so both the low bits (the
    // slot) and the high ones (the tag) vary.
    std::uint64_t h = 1469598103934665603ULL;
    auto mix = [&h](char c) { h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL; };
    for (char c : key.ns) mix(c);
    mix('/');
    for (char c : key.name) mix(c);
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33;
    return h;
}

void ObjectIndex::reset(std::size_t count) {
    if (count >= 0xFFFFFFFFULL) {
        throw std::length_error("more objects of one kind than the index can number");
    }
    const std::size_t size = count == 0 ? 0 : std::bit_ceil(2 * count);
    m_slots.assign(size, 0);
    m_mask = size == 0 ? 0 : size - 1;
}

}  // namespace kg::model
