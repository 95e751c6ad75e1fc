// LocalQueues by (namespace, name), each with its ClusterQueue resolved once.
#include "lint/rules/queue_index.h"

namespace kg::lint::rules {

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
