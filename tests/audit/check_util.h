// Builders for history rule tests: small HistoryViews with the fields each rule reads.
#pragma once

#include "audit/check/engine.h"

#include <string>
#include <vector>

namespace kg::testing {

inline std::int64_t us(std::int64_t seconds) { return seconds * 1000000; }

inline audit::ObjectChange change(std::string kind, std::string name, std::string verb, std::string actor,
                                  std::int64_t ts_s, std::vector<std::string> groups = {}) {
    audit::ObjectChange c;
    c.kind = std::move(kind);
    c.name = std::move(name);
    c.origin = "audit";
    c.verb = std::move(verb);
    c.code = c.verb == "create" ? 201 : 200;
    c.actor = std::move(actor);
    c.actor_groups = std::move(groups);
    c.ts_us = us(ts_s);
    c.time = "t" + std::to_string(ts_s);
    c.evidence = "audit.log:" + std::to_string(ts_s);
    c.body_captured = true;
    c.fields = {{"spec.x", "1", "2"}};
    return c;
}

inline audit::WorkloadStep step(std::string name, std::string what, std::string actor, std::int64_t ts_s,
                                std::string cq = "team-a") {
    audit::WorkloadStep s;
    s.namespace_ = "ml";
    s.name = std::move(name);
    s.uid = "uid-" + s.name;
    s.step = std::move(what);
    s.actor = std::move(actor);
    s.ts_us = us(ts_s);
    s.time = "t" + std::to_string(ts_s);
    s.cluster_queue = std::move(cq);
    s.evidence = "audit.log:" + std::to_string(ts_s);
    return s;
}

/// Runs one rule over the view.
inline std::vector<model::Finding> run_rule(const audit::check::HistoryView& v, const std::string& id) {
    audit::check::CheckOptions opt;
    opt.enable = {id};
    return audit::check::run_checks(v, opt).findings;
}

constexpr const char* k_kueue = "system:serviceaccount:kueue-system:kueue-controller-manager";

}  // namespace kg::testing
