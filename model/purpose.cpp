// The one purpose resolver: LocalQueue > label > namespace, first entry wins within a level.
#include "model/purpose.h"

#include "model/cluster.h"

namespace kg::model {

const std::vector<std::string_view>& builtin_purposes() {
    static const std::vector<std::string_view> k{"research",       "production-support", "evaluation",
                                                 "safety-testing", "data-processing",    "sandboxed-agent"};
    return k;
}

std::string_view purpose_by_name(PurposeBy b) {
    switch (b) {
        case PurposeBy::local_queue: return "localQueue";
        case PurposeBy::label: return "label";
        case PurposeBy::namespace_: return "namespace";
    }
    return "?";
}

std::optional<PurposeMatch> resolve_purpose(const PurposePolicy& p, const PurposeQuery& q) {
    if (!q.local_queue.empty()) {
        for (const PurposeMapping& m : p.mappings) {
            for (const Located<std::string>& lq : m.local_queues) {
                const std::string& key = *lq;
                const std::size_t slash = key.find('/');
                if (slash != std::string::npos && std::string_view(key).substr(0, slash) == q.namespace_ &&
                    std::string_view(key).substr(slash + 1) == q.local_queue) {
                    return PurposeMatch{*m.purpose, PurposeBy::local_queue, lq.pos};
                }
            }
        }
    }
    if (q.labels != nullptr) {
        for (const PurposeMapping& m : p.mappings) {
            if (m.selector && m.selector->matches(*q.labels)) {
                return PurposeMatch{*m.purpose, PurposeBy::label, m.selector->pos};
            }
        }
    }
    for (const PurposeMapping& m : p.mappings) {
        for (const Located<std::string>& ns : m.namespaces) {
            if (*ns == q.namespace_) {
                return PurposeMatch{*m.purpose, PurposeBy::namespace_, ns.pos};
            }
        }
    }
    return std::nullopt;
}

namespace {

const Job* job_of(const Cluster& c, const Workload& wl) {
    auto find = [&](std::string_view kind, std::string_view name) -> const Job* {
        for (const Job& j : c.jobs) {
            if (j.meta.kind == kind && *j.meta.name == name && *j.meta.namespace_ == *wl.meta.namespace_) {
                return &j;
            }
        }
        return nullptr;
    };
    if (wl.origin_kind != "Workload") {
        return find(wl.origin_kind, wl.origin_name);
    }
    for (const auto& [kind, name] : wl.meta.owner_refs) {
        if (const Job* j = find(kind, name)) {
            return j;
        }
    }
    return nullptr;
}

}  // namespace

std::optional<PurposeMatch> purpose_of(const PurposePolicy& p, const Cluster& c, const Workload& wl) {
    if (p.empty()) {
        return std::nullopt;
    }
    const Job* job = job_of(c, wl);
    const Labels& labels = job ? job->meta.labels : wl.meta.labels;
    return resolve_purpose(p, {*wl.meta.namespace_, *wl.queue_name, &labels});
}

std::optional<PurposeMatch> purpose_of(const PurposePolicy& p, const Job& job) {
    return resolve_purpose(p, {*job.meta.namespace_, *job.queue_name, &job.meta.labels});
}

}  // namespace kg::model
