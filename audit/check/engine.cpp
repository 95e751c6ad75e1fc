// The history check engine (engine.h): select, run, override, locate, sort.
#include "audit/check/engine.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <tuple>

namespace kg::audit::check {

namespace {

class CollectingSink : public FindingSink {
public:
    explicit CollectingSink(model::SourceFiles& files) : m_files(files) {}

    struct Item {
        std::int64_t ts_us;
        model::Finding finding;
    };
    std::vector<Item> items;
    std::optional<Severity> override_severity;

    void report(const RuleInfo& rule, Report r) override {
        model::Finding f;
        f.rule = rule.id;
        f.name = rule.name;
        f.severity = r.severity ? *r.severity : override_severity.value_or(rule.severity);
        f.message = std::move(r.message);
        f.pos = locate(r.evidence);
        f.path = std::move(r.path);
        f.object = std::move(r.object);
        f.hint = rule.remediation;
        f.actor = std::move(r.actor);
        f.time = std::move(r.time);
        items.push_back({r.ts_us, std::move(f)});
    }

private:
    /// "source-path:line" -> a position in the evidence file table (one entry per source).
    model::SourcePos locate(const std::string& evidence) {
        if (evidence.empty()) {
            return {};
        }
        std::size_t colon = evidence.rfind(':');
        std::uint32_t line = 0;
        std::string path = evidence;
        if (colon != std::string::npos) {
            const char* b = evidence.data() + colon + 1;
            const char* e = evidence.data() + evidence.size();
            auto [end, ec] = std::from_chars(b, e, line);
            if (ec == std::errc() && end == e) {
                path = evidence.substr(0, colon);
            } else {
                line = 0;
            }
        }
        auto [it, fresh] = m_ids.try_emplace(path, 0);
        if (fresh) {
            it->second = m_files.add(path);
        }
        return {it->second, line, 0};
    }

    model::SourceFiles& m_files;
    std::map<std::string, std::uint32_t> m_ids;
};

}  // namespace

CheckResult run_checks(const HistoryView& view, const CheckOptions& opt) {
    CheckResult res;
    CollectingSink sink(res.files);
    for (const Rule& r : registry()) {
        const std::string id = r.info->id;
        auto ov = view.policy.rules.find(id);
        bool on = !(ov != view.policy.rules.end() && ov->second.enabled == false);
        if (!opt.enable.empty()) {
            on = opt.enable.count(id) > 0;
        }
        if (opt.disable.count(id)) {
            on = false;
        }
        if (!on) {
            continue;
        }
        sink.override_severity = ov != view.policy.rules.end() ? ov->second.severity : std::nullopt;
        r.check(view, sink);
        res.rules_run.push_back(&r);
    }
    std::stable_sort(sink.items.begin(), sink.items.end(), [](const auto& a, const auto& b) {
        const model::Finding& x = a.finding;
        const model::Finding& y = b.finding;
        return std::tie(a.ts_us, x.rule, x.object.kind, x.object.namespace_, x.object.name, x.pos.line, x.message) <
               std::tie(b.ts_us, y.rule, y.object.kind, y.object.namespace_, y.object.name, y.pos.line, y.message);
    });
    for (auto& it : sink.items) {
        res.findings.push_back(std::move(it.finding));
    }
    return res;
}

}  // namespace kg::audit::check
