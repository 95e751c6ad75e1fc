// Kueue's scheduler-performance generator (test/performance/scheduler/runner/
// generator) rebuilt offline: the same objects and the same arrival schedule, so
// a replay can be compared with Kueue's published figures.
#include "sim/replay/arrivals.h"
#include "sim/replay/creation_pace.h"
#include "sim/replay/input_common.h"

#include "model/loader.h"

#include <algorithm>
#include <cstdio>
#include <memory>

namespace kg::sim::replay {

namespace {

using model::yaml::Node;

/// A workload template of a workload set, as read.
struct Template {
    std::string cls;
    std::int64_t priority = 0, runtime_ms = 0;
    model::Quantity request;
};

struct Reader {
    model::DiagSink& diags;
    std::map<const std::vector<Node>*, std::vector<Template>> templates;

    std::string str(const Node& m, std::string_view key, std::string dflt = {}) {
        const Node* n = m.get(key);
        if (!n || n->is_null()) {
            return dflt;
        }
        if (!n->is_scalar()) {
            diags.error(n->pos, "expected a string for " + std::string(key) + ", found " + n->describe());
            return dflt;
        }
        return n->scalar;
    }

    std::int64_t num(const Node& m, std::string_view key, std::int64_t dflt = 0) {
        const Node* n = m.get(key);
        if (!n || n->is_null()) {
            return dflt;
        }
        std::int64_t v = 0;
        if (!n->is_scalar() || !parse_int(n->scalar, v)) {
            diags.error(n->pos, "expected an integer for " + std::string(key) + ", found " + n->describe());
            return dflt;
        }
        return v;
    }

    // Kueue's generator reads nominalQuota, borrowingLimit and request as quantity strings
    // (resource.MustParse), so "500m" and "1Gi" work as well as plain numbers.
    model::Quantity quantity(const Node& m, std::string_view key, std::int64_t dflt = 0) {
        const Node* n = m.get(key);
        if (!n || n->is_null()) {
            return model::Quantity::from_int(dflt);
        }
        if (!n->is_scalar()) {
            diags.error(n->pos, "expected a quantity such as \"8\" or \"500m\" for " + std::string(key) + ", found " +
                                    n->describe());
            return model::Quantity::from_int(dflt);
        }
        model::Result<model::Quantity> q = model::Quantity::parse(n->scalar);
        if (!q) {
            diags.error(n->pos, std::string(key) + ": " + q.error().message);
            return model::Quantity::from_int(dflt);
        }
        return *q;
    }

    const std::vector<Node>* list(const Node& m, std::string_view key) {
        const Node* n = m.get(key);
        if (!n || n->is_null()) {
            return nullptr;
        }
        if (!n->is_sequence()) {
            diags.error(n->pos, "expected a list for " + std::string(key) + ", found " + n->describe());
            return nullptr;
        }
        return &n->items;
    }

    static bool parse_int(const std::string& s, std::int64_t& out) {
        if (s.empty() || s.size() > 18) {
            return false;
        }
        std::int64_t v = 0;
        std::size_t i = s[0] == '-' ? 1 : 0;
        if (i == s.size()) {
            return false;
        }
        for (; i < s.size(); ++i) {
            if (s[i] < '0' || s[i] > '9') {
                return false;
            }
            v = v * 10 + (s[i] - '0');
        }
        out = s[0] == '-' ? -v : v;
        return true;
    }
};

model::ObjectMeta meta(std::string kind, std::string name, std::string ns = {}) {
    model::ObjectMeta m;
    m.api_version = kind == "Namespace" ? "v1" : "kueue.x-k8s.io/v1beta2";
    m.kind = std::move(kind);
    m.name.value = std::move(name);
    m.namespace_.value = std::move(ns);
    return m;
}

model::ClusterQueue make_cluster_queue(const std::string& name, const std::string& cohort, const Node& qs,
                                       Reader& r) {
    model::ClusterQueue cq;
    cq.meta = meta("ClusterQueue", name);
    cq.cohort.value = cohort;
    cq.namespace_selector = model::LabelSelector{};
    model::ResourceGroup rg;
    rg.covered_resources.push_back(model::Located<std::string>("cpu"));
    model::FlavorQuotas fq;
    fq.name.value = "rf";
    model::ResourceQuota rq;
    rq.name.value = "cpu";
    rq.nominal_quota.value = r.quantity(qs, "nominalQuota");
    if (qs.get("borrowingLimit")) {
        rq.borrowing_limit = model::Located<model::Quantity>(r.quantity(qs, "borrowingLimit"));
    }
    if (qs.get("lendingLimit")) {
        rq.lending_limit = model::Located<model::Quantity>(r.quantity(qs, "lendingLimit"));
    }
    fq.resources.push_back(std::move(rq));
    rg.flavors.push_back(std::move(fq));
    cq.resource_groups.push_back(std::move(rg));
    std::string reclaim = r.str(qs, "reclaimWithinCohort", "Never");
    std::string within = r.str(qs, "withinClusterQueue", "Never");
    cq.preemption.present = true;
    cq.preemption.reclaim_within_cohort.value = reclaim == "Any"             ? model::ReclaimWithinCohort::any
                                                : reclaim == "LowerPriority" ? model::ReclaimWithinCohort::lower_priority
                                                                             : model::ReclaimWithinCohort::never;
    cq.preemption.within_cluster_queue.value =
        within == "LowerPriority"               ? model::WithinClusterQueue::lower_priority
        : within == "LowerOrNewerEqualPriority" ? model::WithinClusterQueue::lower_or_newer_equal_priority
                                                : model::WithinClusterQueue::never;
    return cq;
}

// The Workload every arrival of one template in queue `ns` shares (Arrival::base); each
// arrival adds its name and creation time.
std::shared_ptr<const model::Workload> make_base(const std::string& ns, std::int64_t priority,
                                                 const model::Quantity& cpu) {
    auto wl = std::make_shared<model::Workload>();
    wl->meta = meta("Workload", "", ns);
    wl->queue_name.value = ns;
    wl->priority = static_cast<std::int32_t>(priority);
    model::PodSet ps;
    model::Container c;
    c.name = "c";
    c.requests["cpu"] = model::Located<model::Quantity>(cpu);
    ps.template_spec.containers.push_back(std::move(c));
    wl->pod_sets.push_back(std::move(ps));
    return wl;
}

// One ClusterQueue's load: each workload set runs side by side; within a set, `count`
// rounds of the templates in order, each created creationIntervalMs after the previous.
// Each set is one of the harness's creating goroutines: its arrivals go to `streams`.
void add_queue_load(const std::string& ns, const Node& qs, Reader& r, std::vector<Arrival>& arrivals,
                    std::vector<CreationStream>& streams) {
    const std::vector<Node>* sets = r.list(qs, "workloadsSets");
    if (!sets) {
        return;
    }
    for (std::size_t set_idx = 0; set_idx < sets->size(); ++set_idx) {
        const Node& ws = (*sets)[set_idx];
        std::int64_t rounds = r.num(ws, "count");
        std::int64_t interval = r.num(ws, "creationIntervalMs");
        const std::vector<Node>* templates = r.list(ws, "workloads");
        if (!templates) {
            continue;
        }
        // Each template list is read once for all the queues of the set (an error is reported
        // once, not once per queue or per workload).
        auto [cached, fresh] = r.templates.try_emplace(templates);
        std::vector<Template>& parsed = cached->second;
        if (fresh) {
            for (const Node& t : *templates)
                parsed.push_back({r.str(t, "className", "workload"), r.num(t, "priority"), r.num(t, "runtimeMs"),
                                  r.quantity(t, "request")});
        }
        std::vector<std::shared_ptr<const model::Workload>> bases;
        for (const Template& t : parsed) bases.push_back(make_base(ns, t.priority, t.request));
        std::int64_t k = 0;
        streams.push_back({arrivals.size(), 0, interval});
        for (std::int64_t round = 0; round < rounds; ++round) {
            for (std::size_t i = 0; i < parsed.size(); ++i) {
                const Template& t = parsed[i];
                std::int64_t at = (++k) * interval;
                std::string name = t.cls + "-" + std::to_string(set_idx) + "-" + std::to_string(round) + "-" +
                                   std::to_string(i);
                Arrival a;
                a.base = bases[i];
                a.name = std::move(name);
                a.arrival_ms = at;
                a.runtime_ms = t.runtime_ms;
                a.workload_class = t.cls;
                arrivals.push_back(std::move(a));
            }
        }
        streams.back().count = arrivals.size() - streams.back().first;
    }
}

}  // namespace

bool load_generator(const std::string& path, model::Cluster& cluster, std::vector<Arrival>& arrivals,
                    model::DiagSink& diags, std::map<std::string, std::string>* queue_classes,
                    const model::LoadOptions& opt, const ClientRate* creation_rate) {
    std::string text;
    std::uint32_t file_id = 0;
    if (!read_input_file(path, cluster, text, file_id, diags, opt)) {
        return false;
    }
    Reader r{diags, {}};
    bool found = false;
    std::size_t first_new = arrivals.size();
    std::vector<CreationStream> streams;
    model::parse_objects(file_id, text, diags, opt, [&](Node&& doc) {
        const std::vector<Node>* cohort_sets = r.list(doc, "cohorts");
        if (!cohort_sets) {
            diags.error(doc.pos, "expected a Kueue generator config with a `cohorts:` list");
            return;
        }
        found = true;
        model::ResourceFlavor rf;
        rf.meta = meta("ResourceFlavor", "rf");
        cluster.resource_flavors.push_back(std::move(rf));
        for (const Node& cs : *cohort_sets) {
            std::string cohort_class = r.str(cs, "className", "cohort");
            std::int64_t cohorts = r.num(cs, "count", 1);
            const std::vector<Node>* queue_sets = r.list(cs, "queuesSets");
            for (std::int64_t c = 0; c < cohorts && queue_sets; ++c) {
                std::string cohort = cohort_class + "-" + std::to_string(c);
                for (std::size_t set_idx = 0; set_idx < queue_sets->size(); ++set_idx) {
                    const Node& qs = (*queue_sets)[set_idx];
                    std::string cq_class = r.str(qs, "className", "cq");
                    std::int64_t queues = r.num(qs, "count", 1);
                    for (std::int64_t q = 0; q < queues; ++q) {
                        std::string name =
                            cq_class + "-" + std::to_string(set_idx) + "-" + std::to_string(q) + "-" + cohort;
                        cluster.cluster_queues.push_back(make_cluster_queue(name, cohort, qs, r));
                        if (queue_classes) {
                            (*queue_classes)[name] = cq_class;
                        }
                        model::Namespace ns;
                        ns.meta = meta("Namespace", name);
                        ns.meta.labels["kubernetes.io/metadata.name"] = name;
                        cluster.namespaces.push_back(std::move(ns));
                        model::LocalQueue lq;
                        lq.meta = meta("LocalQueue", name, name);
                        lq.cluster_queue.value = name;
                        cluster.local_queues.push_back(std::move(lq));
                        add_queue_load(name, qs, r, arrivals, streams);
                    }
                }
            }
        }
    });
    if (creation_rate) {
        // A named arrival's creationTimestamp follows its arrival_ms (Arrival::workload).
        pace_creations(arrivals, streams, *creation_rate);
    }
    order_arrivals(arrivals, first_new);
    cluster.reindex();
    return found;
}

}  // namespace kg::sim::replay
