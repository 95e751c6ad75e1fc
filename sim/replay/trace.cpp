// kueuegov's own trace format: the workloads of a real or planned load, each with
// an arrival time and a runtime, replayed against the queues of the -f manifests.
//
//   apiVersion: kueuegov.io/v1alpha1
//   kind: WorkloadTrace
//   workloads:
//   - name: train-1
//     namespace: team-a
//     queueName: default            # the LocalQueue
//     arrivalMs: 0                  # from the start of the replay
//     runtimeMs: 3600000            # runs this long once admitted
//     priority: 100                 # or priorityClassName: <WorkloadPriorityClass>
//     class: large                  # optional grouping for the summary
//     podSets:
//     - {name: main, count: 4, requests: {cpu: "8", nvidia.com/gpu: "1"}}
#include "sim/replay/arrivals.h"
#include "sim/replay/input_common.h"

#include "model/loader.h"

#include <algorithm>
#include <cstdio>

namespace kg::sim::replay {

namespace {

using model::yaml::Node;

bool parse_int64(const Node* n, std::int64_t& out) {
    if (!n || !n->is_scalar() || n->scalar.empty() || n->scalar.size() > 18) {
        return false;
    }
    std::int64_t v = 0;
    std::size_t i = n->scalar[0] == '-' ? 1 : 0;
    if (i == n->scalar.size()) {
        return false;
    }
    for (; i < n->scalar.size(); ++i) {
        char c = n->scalar[i];
        if (c < '0' || c > '9') {
            return false;
        }
        v = v * 10 + (c - '0');
    }
    out = n->scalar[0] == '-' ? -v : v;
    return true;
}

std::string string_field(const Node& m, std::string_view key) {
    const Node* n = m.get(key);
    return n && n->is_scalar() ? n->scalar : std::string();
}

bool int_field(const Node& m, std::string_view key, std::int64_t& out, bool required, model::DiagSink& diags) {
    const Node* n = m.get(key);
    if (!n || n->is_null()) {
        if (required) {
            diags.error(m.pos, "expected `" + std::string(key) + "` (an integer) in this trace workload");
        }
        return !required;
    }
    if (!parse_int64(n, out) || out < 0) {
        diags.error(n->pos, "expected a non-negative integer for " + std::string(key) + ", found " + n->describe());
        return false;
    }
    return true;
}

bool read_pod_sets(const Node& w, model::Workload& wl, model::DiagSink& diags) {
    const Node* sets = w.get("podSets");
    if (!sets || !sets->is_sequence() || sets->items.empty()) {
        diags.error(sets ? sets->pos : w.pos, "expected `podSets`, a non-empty list of {name, count, requests}");
        return false;
    }
    for (const Node& s : sets->items) {
        model::PodSet ps;
        std::string name = string_field(s, "name");
        ps.name.value = name.empty() ? "main" : name;
        std::int64_t count = 1;
        if (!int_field(s, "count", count, false, diags) || count > INT32_MAX) {
            return false;
        }
        ps.count = static_cast<std::int32_t>(count);
        model::Container c;
        c.name = "main";
        const Node* req = s.get("requests");
        if (req && req->is_mapping()) {
            for (const model::yaml::MapEntry& e : req->entries) {
                auto q = e.value.is_scalar() ? model::Quantity::parse(e.value.scalar)
                                             : model::Result<model::Quantity>(model::make_error(
                                                   "expected a quantity such as \"8\", \"500m\" or \"16Gi\", found " +
                                                   e.value.describe()));
                if (!q) {
                    diags.error(e.value.pos, q.error().message);
                    return false;
                }
                c.requests[e.key] = model::Located<model::Quantity>(*q, e.value.pos);
            }
        } else if (req) {
            diags.error(req->pos, "expected a mapping of resource to quantity, found " + req->describe());
            return false;
        }
        ps.template_spec.containers.push_back(std::move(c));
        wl.pod_sets.push_back(std::move(ps));
    }
    return true;
}

}  // namespace

bool load_trace(const std::string& path, model::Cluster& cluster, std::vector<Arrival>& arrivals,
                model::DiagSink& diags, const model::LoadOptions& opt) {
    std::string text;
    std::uint32_t file_id = 0;
    if (!read_input_file(path, cluster, text, file_id, diags, opt)) {
        return false;
    }
    bool found = false;
    std::size_t first_new = arrivals.size();
    model::parse_objects(file_id, text, diags, opt, [&](Node&& doc) {
        if (string_field(doc, "kind") != "WorkloadTrace") {
            diags.error(doc.pos, "expected kind: WorkloadTrace, found " +
                                     (doc.get("kind") ? doc.get("kind")->describe() : std::string("no kind")));
            return;
        }
        found = true;
        const Node* list = doc.get("workloads");
        if (!list || !list->is_sequence()) {
            diags.error(list ? list->pos : doc.pos, "expected `workloads`, a list");
            return;
        }
        for (const Node& w : list->items) {
            Arrival a;
            auto own = std::make_shared<model::Workload>();  // a trace's workloads share nothing
            model::Workload& wl = *own;
            wl.meta.api_version = "kueue.x-k8s.io/v1beta2";
            wl.meta.kind = "Workload";
            wl.meta.name = model::Located<std::string>(string_field(w, "name"), w.pos);
            wl.meta.namespace_.value = string_field(w, "namespace");
            wl.queue_name.value = string_field(w, "queueName");
            if (wl.meta.name->empty() || wl.meta.namespace_->empty() || wl.queue_name->empty()) {
                diags.error(w.pos, "expected name, namespace and queueName in this trace workload");
                continue;
            }
            std::int64_t prio = 0;
            if (w.get("priority") && int_field(w, "priority", prio, false, diags)) {
                wl.priority = static_cast<std::int32_t>(std::min<std::int64_t>(prio, INT32_MAX));
            }
            std::string pc = string_field(w, "priorityClassName");
            if (!pc.empty()) {
                wl.priority_class.kind = model::PriorityClassKind::workload_priority_class;
                wl.priority_class.name.value = pc;
            }
            if (!int_field(w, "arrivalMs", a.arrival_ms, true, diags) ||
                !int_field(w, "runtimeMs", a.runtime_ms, true, diags) || !read_pod_sets(w, wl, diags)) {
                continue;
            }
            wl.meta.creation_timestamp = k_replay_epoch + a.arrival_ms / 1000;
            a.base = std::move(own);
            a.workload_class = string_field(w, "class");
            if (a.workload_class.empty()) {
                a.workload_class = "all";
            }
            arrivals.push_back(std::move(a));
        }
    });
    order_arrivals(arrivals, first_new);
    return found;
}

}  // namespace kg::sim::replay
