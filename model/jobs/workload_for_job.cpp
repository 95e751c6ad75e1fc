// Job -> Workload as jobframework.ConstructWorkload and prepareWorkload build it:
// the generated name, queue name, pod sets, owner and priority (utilpriority).
#include "model/jobs/workload_for_job.h"

#include "model/jobs/sha1.h"

#include <algorithm>

namespace kg::model::jobs {

namespace {

constexpr std::size_t k_max_name = 253;
constexpr std::size_t k_hash_len = 5;
constexpr std::size_t k_max_prefix = k_max_name - 1 - k_hash_len;

std::string_view group_of(std::string_view api_version) {
    std::size_t slash = api_version.find('/');
    return slash == std::string_view::npos ? std::string_view() : api_version.substr(0, slash);
}

std::string lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
    return out;
}

// utilpriority: WorkloadPriorityClass label, else the PriorityClass the integration names,
// else the lowest-valued globalDefault PriorityClass, else 0 without a class.
void resolve_priority(const Job& job, const Cluster& cluster, Workload& wl) {
    if (!job.priority_class->empty()) {
        wl.priority_class = {PriorityClassKind::workload_priority_class, job.priority_class};
        if (const WorkloadPriorityClass* wpc = cluster.find_workload_priority_class(*job.priority_class)) {
            wl.priority = *wpc->value;
        }
        return;
    }
    if (!job.pod_priority_class->empty()) {
        wl.priority_class = {PriorityClassKind::pod_priority_class, job.pod_priority_class};
        if (const PriorityClass* pc = cluster.find_priority_class(*job.pod_priority_class)) {
            wl.priority = pc->value;
        }
        return;
    }
    const PriorityClass* dflt = nullptr;
    for (const PriorityClass& pc : cluster.priority_classes) {
        if (pc.global_default && (!dflt || pc.value < dflt->value)) {
            dflt = &pc;
        }
    }
    if (dflt) {
        wl.priority_class = {PriorityClassKind::pod_priority_class, dflt->meta.name};
        wl.priority = dflt->value;
    } else {
        wl.priority = 0;
    }
}

Workload base_workload(const Job& job, const Cluster& cluster, std::string name) {
    Workload wl;
    wl.meta.api_version = "kueue.x-k8s.io/v1beta2";
    wl.meta.kind = "Workload";
    wl.meta.name = Located<std::string>(std::move(name), job.meta.name.pos);
    wl.meta.namespace_ = job.meta.namespace_;
    wl.meta.creation_timestamp = job.meta.creation_timestamp;
    wl.meta.doc_pos = job.meta.doc_pos;
    wl.meta.owner_refs.emplace_back(job.meta.kind, *job.meta.name);
    if (!job.meta.uid.empty()) {
        wl.meta.labels["kueue.x-k8s.io/job-uid"] = job.meta.uid;
    }
    wl.queue_name = job.queue_name;
    wl.pod_sets = job.pod_sets;
    wl.active = true;
    wl.origin_kind = job.meta.kind;
    wl.origin_name = *job.meta.name;
    resolve_priority(job, cluster, wl);
    return wl;
}

}  // namespace

std::string workload_name_for_owner(std::string_view owner_name, std::string_view owner_uid, std::string_view kind,
                                    std::string_view group) {
    std::string prefix = lower(kind) + "-" + std::string(owner_name);
    prefix.resize(std::min(prefix.size(), k_max_prefix));
    std::string hashed;
    hashed.append(kind).append("\n").append(group).append("\n").append(owner_name).append("\n").append(owner_uid);
    return prefix + "-" + sha1_hex(hashed).substr(0, k_hash_len);
}

std::vector<Workload> workloads_for_job(const Job& job, const Cluster& cluster) {
    std::string_view group = group_of(job.meta.api_version);
    std::vector<Workload> out;
    if (!job.workload_name.empty()) {
        out.push_back(base_workload(job, cluster, job.workload_name));
    } else if (job.meta.kind == "Deployment") {
        // Each pod is its own Workload owned by the Pod (group "" kind Pod); its UID is unknown.
        for (std::int32_t i = 0; i < job.workload_count; ++i) {
            std::string pod_name = *job.meta.name + "-" + std::to_string(i);
            out.push_back(base_workload(job, cluster, workload_name_for_owner(pod_name, "", "Pod", "")));
        }
    } else if (job.meta.kind == "LeaderWorkerSet") {
        for (std::int32_t i = 0; i < job.workload_count; ++i) {
            std::string group_name = *job.meta.name + "-" + std::to_string(i);
            out.push_back(base_workload(job, cluster,
                                        workload_name_for_owner(group_name, job.meta.uid, job.meta.kind, group)));
        }
    } else {
        out.push_back(
            base_workload(job, cluster, workload_name_for_owner(*job.meta.name, job.meta.uid, job.meta.kind, group)));
    }
    return out;
}

Workload workload_for_job(const Job& job, const Cluster& cluster) {
    std::string_view group = group_of(job.meta.api_version);
    if (!job.workload_name.empty()) {
        return base_workload(job, cluster, job.workload_name);
    }
    if (job.meta.kind == "Deployment") {
        return base_workload(job, cluster, workload_name_for_owner(*job.meta.name + "-0", "", "Pod", ""));
    }
    if (job.meta.kind == "LeaderWorkerSet") {
        return base_workload(job, cluster,
                             workload_name_for_owner(*job.meta.name + "-0", job.meta.uid, job.meta.kind, group));
    }
    return base_workload(job, cluster, workload_name_for_owner(*job.meta.name, job.meta.uid, job.meta.kind, group));
}

}  // namespace kg::model::jobs
