// LocalQueues by (namespace, name), each with its ClusterQueue resolved once.
#include "lint/rules/queue_index.h"

#include <cstdint>

namespace kg::lint::rules {

namespace {

/// Byte i of "namespace/name".
char joined_at(const std::pair<std::string_view, std::string_view>& k, std::size_t i) {
    if (i < k.first.size()) return k.first[i];
    return i == k.first.size() ? '/' : k.second[i - k.first.size() - 1];
}

}  // namespace

std::size_t QueueIndex::Hash::operator()(const Key& k) const noexcept {
    std::uint64_t h = 1469598103934665603ULL;  // FNV-1a over "namespace/name"
    auto mix = [&h](unsigned char c) { h = (h ^ c) * 1099511628211ULL; };
    for (char c : k.first) mix(static_cast<unsigned char>(c));
    mix('/');
    for (char c : k.second) mix(static_cast<unsigned char>(c));
    return static_cast<std::size_t>(h);
}

bool QueueIndex::Equal::operator()(const Key& a, const Key& b) const noexcept {
    if (a.first.size() + a.second.size() != b.first.size() + b.second.size()) {
        return false;
    }
    if (a.first.size() == b.first.size()) {
        return a.first == b.first && a.second == b.second;  // the common case, by memcmp
    }
    for (std::size_t i = 0, n = a.first.size() + 1 + a.second.size(); i < n; ++i) {
        if (joined_at(a, i) != joined_at(b, i)) {
            return false;
        }
    }
    return true;
}

QueueIndex::QueueIndex(const model::Cluster& c) {
    m_queues.reserve(c.local_queues.size());
    for (const model::LocalQueue& lq : c.local_queues) {
        // Assignment, not emplace: a later definition of the same queue replaces the earlier.
        m_queues[Key{*lq.meta.namespace_, *lq.meta.name}] = Entry{&lq, c.find_cluster_queue(*lq.cluster_queue)};
    }
}

const QueueIndex::Entry* QueueIndex::find(std::string_view ns, std::string_view name) const {
    auto it = m_queues.find(Key{ns, name});
    if (it == m_queues.end() && ns.empty()) {
        it = m_queues.find(Key{"default", name});
    }
    return it == m_queues.end() ? nullptr : &it->second;
}

const model::LocalQueue* QueueIndex::local_queue_in(std::string_view ns, std::string_view name) const {
    auto it = m_queues.find(Key{ns, name});
    return it == m_queues.end() ? nullptr : it->second.local_queue;
}

const model::LocalQueue* QueueIndex::local_queue(std::string_view ns, std::string_view name) const {
    const Entry* e = find(ns, name);
    return e ? e->local_queue : nullptr;
}

const model::ClusterQueue* QueueIndex::cluster_queue(std::string_view ns, std::string_view name) const {
    const Entry* e = find(ns, name);
    return e ? e->cluster_queue : nullptr;
}

}  // namespace kg::lint::rules
