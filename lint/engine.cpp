// The lint engine (kube-linter's shape): select, run, override, suppress, sort.
#include "lint/engine.h"

#include "lint/applied_view.h"
#include "lint/suppression.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace kg::lint {

namespace {

using Key = std::tuple<std::string, std::string, std::string>;

/// Calls add(kind, meta) for every object a finding can name, in one fixed order.
template <typename F>
void for_each_meta(const model::Cluster& c, F&& add) {
    for (const auto& o : c.resource_flavors) add("ResourceFlavor", o.meta);
    for (const auto& o : c.cluster_queues) add("ClusterQueue", o.meta);
    for (const auto& o : c.cohorts) add("Cohort", o.meta);
    for (const auto& o : c.local_queues) add("LocalQueue", o.meta);
    for (const auto& o : c.workloads) add("Workload", o.meta);
    for (const auto& o : c.workload_priority_classes) add("WorkloadPriorityClass", o.meta);
    for (const auto& o : c.admission_checks) add("AdmissionCheck", o.meta);
    for (const auto& o : c.namespaces) add("Namespace", o.meta);
    for (const auto& o : c.nodes) add("Node", o.meta);
    for (const auto& o : c.jobs) add(o.meta.kind.c_str(), o.meta);
}

/// Annotations of every object, by (kind, namespace, name); empty when no object carries the
/// ignore annotation, as none can then suppress a finding (keying every object was a tenth of
/// the rules' time at 100,000 objects). When some object does, every object is keyed: a later
/// definition without the annotation replaces an earlier one with it.
std::map<Key, const std::map<std::string, std::string>*> annotation_index(const model::Cluster& c) {
    std::map<Key, const std::map<std::string, std::string>*> out;
    static const std::string k_key(k_ignore_annotation);
    bool any = false;
    for_each_meta(c, [&](const char*, const model::ObjectMeta& m) { any = any || m.annotations.count(k_key) > 0; });
    if (!any) {
        return out;
    }
    for_each_meta(c, [&](const char* kind, const model::ObjectMeta& m) {
        out[Key{kind, *m.namespace_, *m.name}] = &m.annotations;
    });
    return out;
}

bool suppressed_by(const std::map<std::string, std::string>& ann, const std::string& rule) {
    auto it = ann.find(std::string(k_ignore_annotation));
    if (it == ann.end()) {
        return false;
    }
    for (const IgnoreClause& c : parse_ignore(it->second)) {
        if (c.error.empty() && std::find(c.ids.begin(), c.ids.end(), rule) != c.ids.end()) {
            return true;
        }
    }
    return false;
}

class CollectingSink : public FindingSink {
public:
    std::vector<model::Finding> items;
    void report_as(Severity severity, const RuleInfo& rule, SourcePos pos, std::string path, model::ObjectRef object,
                   std::string message, std::vector<model::RelatedPos> related) override {
        model::Finding f;
        f.rule = rule.id;
        f.name = rule.name;
        f.severity = severity;
        f.message = std::move(message);
        f.pos = pos;
        f.path = std::move(path);
        f.object = std::move(object);
        f.related = std::move(related);
        f.hint = rule.remediation;
        items.push_back(std::move(f));
    }
};

/// Drops findings of rules that defer (RuleInfo::defers) where another rule reports at the
/// same position: one problem, one finding, from the rule with the specific message.
void drop_deferring(std::vector<model::Finding>& items) {
    auto key = [](const model::Finding& f) { return std::make_tuple(f.pos.file_id, f.pos.line, f.pos.col); };
    auto defers = [](const model::Finding& f) {
        const Rule* r = find_rule(f.rule);
        return r && r->info->defers;
    };
    std::set<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>> specific;
    for (const model::Finding& f : items) {
        if (!defers(f)) {
            specific.insert(key(f));
        }
    }
    items.erase(std::remove_if(items.begin(), items.end(),
                               [&](const model::Finding& f) { return defers(f) && specific.count(key(f)) > 0; }),
                items.end());
}

}  // namespace

LintResult run_lint(const RuleContext& cx, const LintOptions& opt) {
    LintResult res;
    for (const Rule& r : registry()) {
        const std::string id = r.info->id;
        auto ov = cx.policy.rules.find(id);
        bool on = true;
        if (ov != cx.policy.rules.end() && ov->second.enabled == false) {
            on = false;
        }
        if (!opt.enable.empty()) {
            on = opt.enable.count(id) > 0;
        }
        if (opt.disable.count(id)) {
            on = false;
        }
        if (on) {
            res.rules_run.push_back(&r);
        }
    }
    CollectingSink sink;
    std::optional<model::Cluster> applied = applied_view(cx.cluster);
    RuleContext applied_cx{applied ? *applied : cx.cluster, cx.policy, cx.kueue, cx.input_diags, cx.complete};
    for (const Rule* r : res.rules_run) {
        // RuleInfo::scope says which cluster the rule judges (see RuleScope).
        r->check(r->info->scope == RuleScope::definition ? cx : applied_cx, sink);
    }
    auto ann = annotation_index(cx.cluster);
    std::map<std::string, std::size_t> baseline;
    for (const std::string& fp : opt.baseline) {
        ++baseline[fp];
    }
    std::sort(sink.items.begin(), sink.items.end(), model::finding_less);
    drop_deferring(sink.items);
    const FindingScoper scoper(cx.cluster, opt.scope);
    for (model::Finding& f : sink.items) {
        if (!scoper.in_scope(f)) {
            ++res.out_of_scope;
            continue;
        }
        if (auto ov = cx.policy.rules.find(f.rule); ov != cx.policy.rules.end() && ov->second.severity) {
            f.severity = *ov->second.severity;
        }
        auto it = ann.find(Key{f.object.kind, f.object.namespace_, f.object.name});
        if (it != ann.end() && suppressed_by(*it->second, f.rule)) {
            ++res.suppressed;
            continue;
        }
        auto b = baseline.find(fingerprint(f));
        if (b != baseline.end() && b->second > 0) {
            --b->second;
            ++res.baselined;
            continue;
        }
        res.findings.push_back(std::move(f));
    }
    return res;
}

std::string fingerprint(const model::Finding& f) {
    return model::finding_fingerprint(f);
}

std::string write_baseline(const std::vector<model::Finding>& findings) {
    std::vector<std::string> lines;
    for (const model::Finding& f : findings) {
        lines.push_back(fingerprint(f));
    }
    std::sort(lines.begin(), lines.end());
    std::string out = "# kueuegov lint baseline v1: rule, kind, namespace, name, field path (tab-separated)\n";
    for (const std::string& l : lines) {
        out += l + "\n";
    }
    return out;
}

model::Result<std::vector<std::string>> read_baseline(std::string_view text, const std::string& name) {
    std::vector<std::string> out;
    std::size_t line_no = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t nl = text.find('\n', start);
        std::string_view line = text.substr(start, nl == text.npos ? text.npos : nl - start);
        start = nl == text.npos ? text.size() : nl + 1;
        ++line_no;
        if (!line.empty() && line.back() == '\r') {
            line.remove_suffix(1);
        }
        if (line.empty() || line.front() == '#') {
            continue;
        }
        if (std::count(line.begin(), line.end(), '\t') != 4 || line.substr(0, 2) != "KQ") {
            return model::make_error(name + ":" + std::to_string(line_no) +
                                     ":1: expected a baseline entry (rule, kind, namespace, name, path separated "
                                     "by tabs), found \"" + std::string(line.substr(0, 60)) + "\"");
        }
        out.emplace_back(line);
    }
    return out;
}

}  // namespace kg::lint
