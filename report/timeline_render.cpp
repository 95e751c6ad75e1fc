// Timeline renderers (timeline_render.h).
#include "report/timeline_render.h"
#include "report/escape.h"

#include "report/escape_json.h"

#include <nlohmann/json.hpp>

namespace kg::report {

namespace {

std::string object_name(const model::ObjectRef& o) {
    std::string name = o.namespace_.empty() ? o.name : o.namespace_ + "/" + o.name;
    return o.kind.empty() ? name : o.kind + " " + name;
}

std::string pad(std::string s, std::size_t width) {
    if (s.size() < width) {
        s.append(width - s.size(), ' ');
    }
    return s;
}

}  // namespace

std::string format_wait(std::int64_t us) {
    std::string sign = us < 0 ? "-" : "+";
    std::uint64_t a = us < 0 ? static_cast<std::uint64_t>(-(us + 1)) + 1 : static_cast<std::uint64_t>(us);
    if (a < 1000000 && a != 0) {
        return sign + std::to_string(a / 1000) + "ms";
    }
    std::uint64_t s = a / 1000000, h = s / 3600, m = (s % 3600) / 60, sec = s % 60;
    if (h) {
        return sign + std::to_string(h) + "h" + std::to_string(m) + "m" + std::to_string(sec) + "s";
    }
    if (m) {
        return sign + std::to_string(m) + "m" + std::to_string(sec) + "s";
    }
    return sign + std::to_string(sec) + "s";
}

void render_timeline_text(std::ostream& os, const audit::Timeline& t) {
    os << escape_terminal(object_name(t.object));
    if (t.entries.empty()) {
        os << ": no history in the store\n";
        return;
    }
    const auto& first = t.entries.front();
    const auto& last = t.entries.back();
    os << ": " << t.entries.size() << (t.entries.size() == 1 ? " step" : " steps") << ", " << escape_terminal(first.time)
       << " to " << escape_terminal(last.time) << " (" << format_wait(last.ts_us - first.ts_us).substr(1) << ")\n";
    std::size_t time_w = 0, step_w = 0;
    for (const auto& e : t.entries) {
        time_w = std::max(time_w, e.time.size());
        step_w = std::max(step_w, e.step.size() + (e.subject.empty() ? 0 : e.subject.size() + 2));
    }
    for (const auto& e : t.entries) {
        std::string step = e.subject.empty() ? e.step : e.subject + ": " + e.step;
        os << "  " << pad(escape_terminal(e.time), time_w) << "  " << pad(e.wait_us ? format_wait(*e.wait_us) : "", 9) << " "
           << pad(escape_terminal(step), step_w);
        if (!e.actor.empty()) {
            os << "  by " << escape_terminal(e.actor);
        }
        if (!e.detail.empty()) {
            os << "  " << escape_terminal(e.detail);
        }
        if (!e.evidence.empty()) {
            os << "  [" << escape_terminal(e.evidence) << "]";
        }
        os << "\n";
    }
}

void render_timeline_json(std::ostream& os, const audit::Timeline& t) {
    using nlohmann::ordered_json;
    ordered_json entries = ordered_json::array();
    for (const auto& e : t.entries) {
        ordered_json j;
        j["time"] = e.time;
        j["wait_us"] = e.wait_us ? ordered_json(*e.wait_us) : ordered_json(nullptr);
        j["wait"] = e.wait_us ? ordered_json(format_wait(*e.wait_us)) : ordered_json(nullptr);
        if (!e.subject.empty()) {
            j["subject"] = e.subject;
        }
        j["step"] = e.step;
        j["actor"] = e.actor;
        j["detail"] = e.detail;
        j["evidence"] = e.evidence;
        entries.push_back(std::move(j));
    }
    ordered_json out;
    out["object"] = {{"kind", t.object.kind}, {"namespace", t.object.namespace_}, {"name", t.object.name}};
    out["entries"] = std::move(entries);
    os << json_text(out, 2) << "\n";
}

}  // namespace kg::report
