// Timelines for `audit timeline` (timeline.h).
#include "audit/check/timeline.h"

#include <algorithm>
#include <cctype>

namespace kg::audit::check {

namespace {

std::string words(const std::string& step) {
    std::string out = step;
    std::replace(out.begin(), out.end(), '_', ' ');
    return out;
}

void append(std::string& s, const std::string& part) {
    if (!part.empty()) {
        s += (s.empty() ? "" : "; ") + part;
    }
}

audit::TimelineEntry from_step(const audit::WorkloadStep& s, std::string subject) {
    audit::TimelineEntry e;
    e.time = s.time;
    e.ts_us = s.ts_us;
    e.subject = std::move(subject);
    e.step = words(s.step);
    e.actor = s.actor;
    if (!s.cluster_queue.empty()) {
        append(e.detail, "ClusterQueue " + s.cluster_queue);
    }
    if (!s.local_queue.empty()) {
        append(e.detail, "LocalQueue " + s.local_queue);
    }
    if (s.priority) {
        append(e.detail, "priority " + std::to_string(*s.priority));
    }
    if (!s.reason.empty()) {
        append(e.detail, "reason " + s.reason);
    }
    if (!s.preemptor_path.empty()) {
        append(e.detail, "preemptor " + s.preemptor_path);
    }
    if (!s.message.empty()) {
        append(e.detail, "\"" + s.message + "\"");
    }
    e.evidence = s.evidence;
    return e;
}

std::string value(const std::optional<std::string>& v) { return v ? "\"" + *v + "\"" : "(none)"; }

/// Orders by time (stable: equal times keep the store's order) and fills in the waits.
void finish(audit::Timeline& t) {
    std::stable_sort(t.entries.begin(), t.entries.end(),
                     [](const audit::TimelineEntry& a, const audit::TimelineEntry& b) { return a.ts_us < b.ts_us; });
    for (std::size_t i = 1; i < t.entries.size(); ++i) {
        t.entries[i].wait_us = t.entries[i].ts_us - t.entries[i - 1].ts_us;
    }
}

}  // namespace

bool workload_of_job(const std::string& workload, const std::string& kind, const std::string& job) {
    std::string prefix;
    for (char c : kind) {
        prefix += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    prefix += "-" + job + "-";
    if (workload.size() != prefix.size() + 5 || workload.compare(0, prefix.size(), prefix) != 0) {
        return false;
    }
    return std::all_of(workload.begin() + static_cast<std::ptrdiff_t>(prefix.size()), workload.end(),
                       [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) && !std::isupper(static_cast<unsigned char>(c)); });
}

audit::Timeline workload_timeline(const std::string& namespace_, const std::string& name,
                                  const std::vector<audit::WorkloadStep>& steps) {
    audit::Timeline t;
    t.object = {"Workload", namespace_, name};
    for (const audit::WorkloadStep& s : steps) {
        if (s.namespace_ == namespace_ && s.name == name) {
            t.entries.push_back(from_step(s, ""));
        }
    }
    finish(t);
    return t;
}

audit::Timeline job_timeline(const audit::JobRecord& job, const std::vector<audit::JobLabelChange>& label_changes,
                             const std::vector<audit::WorkloadStep>& namespace_steps) {
    audit::Timeline t;
    t.object = {job.kind, job.namespace_, job.name};
    if (job.created_us) {
        audit::TimelineEntry e;
        e.time = job.created;
        e.ts_us = *job.created_us;
        e.step = "created";
        e.actor = job.creator;
        e.detail = job.queue_name ? "queue-name \"" + *job.queue_name + "\"" : "no queue-name label";
        if (job.priority_class) {
            append(e.detail, "priority-class \"" + *job.priority_class + "\"");
        }
        if (job.kueue_mutated) {
            append(e.detail, *job.kueue_mutated ? "mutated by Kueue's webhook" : "not mutated by Kueue's webhook");
        }
        e.evidence = job.evidence;
        t.entries.push_back(std::move(e));
    }
    for (const audit::JobLabelChange& c : label_changes) {
        if (c.kind != job.kind || c.namespace_ != job.namespace_ || c.name != job.name) {
            continue;
        }
        audit::TimelineEntry e;
        e.time = c.time;
        e.ts_us = c.ts_us;
        std::string label = c.label.substr(c.label.find('/') + 1);
        bool refused = c.code && *c.code >= 300;
        e.step = label + (refused ? " change refused" : " changed");
        e.actor = c.actor;
        e.detail = value(c.old_value) + " -> " + value(c.new_value) + " (" + c.verb +
                   (c.code ? ", HTTP " + std::to_string(*c.code) : "") + ")";
        e.evidence = c.evidence;
        t.entries.push_back(std::move(e));
    }
    for (const audit::WorkloadStep& s : namespace_steps) {
        if (s.namespace_ == job.namespace_ && workload_of_job(s.name, job.kind, job.name)) {
            t.entries.push_back(from_step(s, "Workload " + s.namespace_ + "/" + s.name));
        }
    }
    finish(t);
    return t;
}

audit::Timeline object_timeline(const model::ObjectRef& object, const std::vector<audit::ObjectChange>& changes) {
    audit::Timeline t;
    t.object = object;
    for (const audit::ObjectChange& c : changes) {
        if (c.kind != object.kind || c.namespace_ != object.namespace_ || c.name != object.name) {
            continue;
        }
        audit::TimelineEntry e;
        e.time = c.time;
        e.ts_us = c.ts_us;
        bool refused = c.code && *c.code >= 300;
        e.step = c.verb + (refused ? " refused" : "");
        e.actor = c.impersonated.empty() ? c.actor : c.actor + " (as " + c.impersonated + ")";
        if (c.code) {
            append(e.detail, "HTTP " + std::to_string(*c.code));
        }
        if (c.origin == "audit" && !c.body_captured) {
            append(e.detail, "no body logged: what changed is unknown");
        } else if (c.first_version) {
            append(e.detail, "first captured version");
        }
        const std::size_t k_shown = 3;
        for (std::size_t i = 0; i < c.fields.size() && i < k_shown; ++i) {
            const audit::FieldChange& f = c.fields[i];
            append(e.detail, f.path + ": " + f.before.value_or("(none)") + " -> " + f.after.value_or("(none)"));
        }
        if (c.fields.size() > k_shown) {
            append(e.detail, "and " + std::to_string(c.fields.size() - k_shown) + " more fields");
        }
        e.evidence = c.evidence;
        t.entries.push_back(std::move(e));
    }
    finish(t);
    return t;
}

}  // namespace kg::audit::check
