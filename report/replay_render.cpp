// Replay summaries. Averages are integer milliseconds as Kueue's recorder computes
// them (sum / count); usage percentages are printed with one decimal from exact
// integer ratios (the only place a ratio becomes a decimal is here, for display).
#include "report/replay_render.h"
#include "report/duration_text.h"
#include "report/escape.h"
#include "report/escape_json.h"

#include "model/amount.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <map>
#include <optional>
#include <set>

namespace kg::report {

using sim::ReplayResult;

namespace {

struct ClassStats {
    std::int64_t count = 0, admitted = 0, evictions = 0;
    std::int64_t total_wait_ms = 0, total_finish_ms = 0, total_seen_ms = 0;
    std::int64_t avg_wait_ms() const { return admitted ? total_wait_ms / admitted : 0; }
    std::int64_t avg_seen_ms() const { return admitted ? total_seen_ms / admitted : 0; }
};

std::map<std::string, ClassStats> by(const ReplayResult& r, bool by_queue) {
    std::map<std::string, ClassStats> out;
    for (const sim::WorkloadResult& w : r.workloads) {
        ClassStats& s = out[by_queue ? (w.cluster_queue.empty() ? "(never admitted)" : w.cluster_queue)
                                     : w.workload_class];
        ++s.count;
        s.evictions += w.evictions;
        if (w.admitted_ms >= 0) {
            ++s.admitted;
            s.total_wait_ms += w.time_to_admission_ms();
            s.total_seen_ms += w.time_to_admission_seen_ms();
        }
        if (w.finished_ms >= 0) {
            s.total_finish_ms += w.finished_ms - w.arrival_ms;
        }
    }
    return out;
}

// Per (queue class, flavor, resource): average held / total nominal, as tenths of a percent.
struct Usage {
    __int128 integral = 0;
    std::int64_t nominal = 0;
};

std::map<std::string, std::map<std::pair<std::string, std::string>, Usage>> usage_by_class(const ReplayResult& r) {
    std::map<std::string, std::map<std::pair<std::string, std::string>, Usage>> out;
    for (const auto& [name, q] : r.queues) {
        auto cls = r.queue_class.find(name);
        auto& slot = out[cls == r.queue_class.end() ? name : cls->second];
        for (const auto& [fr, nominal] : q.nominal) {
            slot[fr].nominal += nominal;
        }
        for (const auto& [fr, integral] : q.used_integral) {
            slot[fr].integral += integral;
        }
    }
    return out;
}

std::string percent(const Usage& u, std::int64_t duration_ms) {
    if (u.nominal <= 0 || duration_ms <= 0) {
        return "-";
    }
    __int128 tenths = u.integral * 1000 / (static_cast<__int128>(u.nominal) * duration_ms);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%lld.%lld%%", static_cast<long long>(tenths / 10), static_cast<long long>(tenths % 10));
    return buf;
}


void text(std::ostream& out, const ReplayResult& r) {
    std::int64_t admitted = 0, evictions = 0;
    for (const sim::WorkloadResult& w : r.workloads) {
        admitted += w.admitted_ms >= 0;
        evictions += w.evictions;
    }
    out << "replayed " << r.workloads.size() << " workloads over " << human_duration(r.end_ms) << " of virtual time in "
        << r.cycles << " scheduling cycles: " << admitted << " admitted, " << evictions << " evictions\n";
    if (r.api.modelled) {
        char line[256];
        std::snprintf(line, sizeof line,
                      "Kueue's API client at qps %g, burst %lld: %lld writes by Kueue, %lld by the runner "
                      "(--instant: none)\n",
                      r.api.qps, static_cast<long long>(r.api.burst), static_cast<long long>(r.api.kueue_writes),
                      static_cast<long long>(r.api.runner_writes));
        out << line;
    } else {
        out << "no controller-throughput model (--instant): cycles, admissions and evictions took no time\n";
    }
    if (r.stalled) {
        out << "warning: some workloads never finished (no capacity could ever admit them)\n";
    }
    out << "\nWORKLOAD CLASS  COUNT  ADMITTED  AVG TIME TO ADMISSION  EVICTIONS\n";
    for (const auto& [cls, s] : by(r, false)) {
        char line[256];
        std::snprintf(line, sizeof line, "%-14s  %5lld  %8lld  %21s  %9lld\n", escape_terminal(cls).c_str(), static_cast<long long>(s.count),
                      static_cast<long long>(s.admitted), human_duration(s.avg_wait_ms()).c_str(),
                      static_cast<long long>(s.evictions));
        out << line;
    }
    out << "\nCLUSTERQUEUE CLASS  FLAVOR/RESOURCE  NOMINAL  AVG USAGE OF NOMINAL\n";
    for (const auto& [cls, frs] : usage_by_class(r)) {
        for (const auto& [fr, u] : frs) {
            char line[256];
            std::snprintf(line, sizeof line, "%-18s  %-15s  %7s  %20s\n", escape_terminal(cls).c_str(),
                          escape_terminal(fr.first + "/" + fr.second).c_str(),
                          model::format_amount(fr.second, model::Amount::of(u.nominal)).c_str(),
                          percent(u, r.end_ms).c_str());
            out << line;
        }
    }
}

/// The document up to its two big arrays, clusterQueues and workloads, which write_json
/// appends element by element.
nlohmann::ordered_json json_head(const ReplayResult& r) {
    nlohmann::ordered_json j;
    j["virtualDurationMs"] = r.end_ms;
    j["cycles"] = r.cycles;
    j["stalled"] = r.stalled;
    if (r.api.modelled) {
        j["apiThroughput"] = {{"qps", r.api.qps},
                              {"burst", r.api.burst},
                              {"kueueWrites", r.api.kueue_writes},
                              {"runnerWrites", r.api.runner_writes}};
    } else {
        j["apiThroughput"] = nullptr;
    }
    j["workloadClasses"] = nlohmann::ordered_json::object();
    for (const auto& [cls, s] : by(r, false)) {
        j["workloadClasses"][cls] = {{"count", s.count},
                                     {"admitted", s.admitted},
                                     {"averageTimeToAdmissionMs", s.avg_wait_ms()},
                                     {"averageTimeToFinishMs", s.count ? s.total_finish_ms / s.count : 0},
                                     {"totalEvictions", s.evictions}};
        if (r.api.modelled) {
            // Creation to the admission patch landing (api_throughput.h): the measure of Kueue's
            // published means, taken before kubernetes-sigs/kueue#13313 changed the recorder.
            j["workloadClasses"][cls]["averageTimeToAdmissionSeenMs"] = s.avg_seen_ms();
        }
    }
    j["clusterQueueClasses"] = nlohmann::ordered_json::object();
    for (const auto& [cls, frs] : usage_by_class(r)) {
        for (const auto& [fr, u] : frs) {
            j["clusterQueueClasses"][cls][fr.first + "/" + fr.second] = {
                {"nominal", u.nominal},
                {"averageUsage", r.end_ms > 0 ? static_cast<std::int64_t>(u.integral / r.end_ms) : 0},
                {"usagePercent", percent(u, r.end_ms)}};
        }
    }
    return j;
}

// Streams text as dump(2) prints it: the members of a container at depth d sit on lines of
// 2d spaces, its closing bracket at 2(d-1); an empty one is "{}" or "[]". Every string goes
// through escape_json_string, which gives the serialiser's bytes for it.
class Dump2 {
public:
    /// Continues `head`, dump(2) of an object without its closing "\n}": the writer is inside
    /// that object, after its last member.
    Dump2(std::ostream& out, std::string head) : m_out(out), m_text(std::move(head)), m_first{false} {}
    void open(char bracket) {
        m_text += bracket;
        m_first.push_back(true);
    }
    void close(char bracket) {
        const bool empty = m_first.back();
        m_first.pop_back();
        if (!empty) newline();
        m_text += bracket;
    }
    /// The next member of the object being written, up to its value: `"key": `.
    void key(std::string_view k) {
        next();
        append_json_string(m_text, k);
        m_text += ": ";
    }
    /// The same with the key already through escape_json_string (a member written a million
    /// times is escaped once).
    void escaped_key(const std::string& k) {
        next();
        m_text += k;
        m_text += ": ";
    }
    /// The next element of the array being written.
    void element() { next(); }
    /// How many containers are open: the elements of the innermost sit on lines of 2 x this.
    std::size_t depth() const { return m_first.size(); }
    void value(std::int64_t v) {
        char digits[24];
        m_text.append(digits, std::to_chars(digits, digits + sizeof digits, v).ptr);
    }
    void value(std::string_view s) { append_json_string(m_text, s); }
    /// Text that is already what dump(2) writes at this point (Shape's).
    void raw(std::string_view t) { m_text += t; }
    /// Hands the text so far to the stream once there is enough of it: the whole document
    /// would be hundreds of megabytes.
    void flush(std::size_t at_least = 0) {
        if (m_text.size() < at_least) return;
        m_out << m_text;
        m_text.clear();
    }

private:
    void next() {
        if (!m_first.back()) m_text += ',';
        m_first.back() = false;
        newline();
    }
    void newline() {
        m_text += '\n';
        m_text.append(2 * m_first.size(), ' ');
    }
    std::ostream& m_out;
    std::string m_text;
    std::vector<bool> m_first;  ///< per open container: nothing written in it yet
};

// The text of an object of fixed members written as an element of the array `d` is inside,
// cut where the values go: what open('{'), key() ... close('}') would write after element(),
// made once. Half a million workload rows then cost a few appends each instead of a call per
// bracket, comma and indent (with append_json_string, writing ls-cq10x's JSON went from 4.0
// to 2.2 billion instructions).
class Shape {
public:
    /// `keys`: the members in order, each through escape_json_string here.
    Shape(const Dump2& d, std::initializer_list<std::string_view> keys) {
        const std::string element_indent(2 * d.depth(), ' ');
        const std::string member_indent = element_indent + "  ";
        m_nested_indent = "\n" + member_indent + "  ";
        m_nested_end = "\n" + member_indent + "}";
        bool first = true;
        for (std::string_view k : keys) {
            std::string before = first ? "{\n" : ",\n";
            before += member_indent;
            append_json_string(before, k);
            before += ": ";
            m_before.push_back(std::move(before));
            first = false;
        }
        m_end = "\n" + element_indent + "}";
    }
    /// Starts the next element of the array, up to the value of member 0.
    void open_element(Dump2& d) const {
        d.element();
        d.raw(m_before[0]);
    }
    /// Up to the value of member `i` (from 1, in order).
    void before(Dump2& d, std::size_t i) const { d.raw(m_before[i]); }
    /// Closes the element.
    void close_element(Dump2& d) const { d.raw(m_end); }
    /// An object as a member's value, with escaped names: "{}" when empty.
    template <class Members>
    void nested(Dump2& d, const Members& members) const {
        if (members.empty()) {
            d.raw("{}");
            return;
        }
        bool first = true;
        for (const auto& [name, value] : members) {
            d.raw(first ? "{" : ",");
            d.raw(m_nested_indent);
            d.raw(*name);
            d.raw(": ");
            d.value(value);
            first = false;
        }
        d.raw(m_nested_end);
    }

private:
    std::vector<std::string> m_before;     ///< per member: what comes before its value
    std::string m_end;                     ///< the element's closing line
    std::string m_nested_indent, m_nested_end;  ///< a nested object's member indent and closing line
};

constexpr std::size_t k_flush_bytes = 1 << 16;

// The member name "flavor/resource" of each (flavor, resource), through escape_json_string once:
// every sample of a timeline repeats the same few. Equal names share one string (escaping
// is one-to-one), so a name that two pairs make alike ("a/b" + "c", "a" + "b/c") is the
// same address.
class FrNames {
public:
    const std::string* operator()(const std::pair<std::string, std::string>& fr) {
        auto it = m_by_fr.find(fr);
        if (it == m_by_fr.end()) {
            const std::string& name = *m_names.insert(escape_json_string(fr.first + "/" + fr.second)).first;
            it = m_by_fr.emplace(fr, &name).first;
        }
        return it->second;
    }

private:
    std::map<std::pair<std::string, std::string>, const std::string*> m_by_fr;
    std::set<std::string> m_names;  ///< elements never move
};

// The members of an object in the order ordered_json's operator[] filled them, by escaped
// name from FrNames: a repeated name keeps its first place and takes the last value, as
// assigning to an existing member does.
template <class T>
void merge_repeated(std::vector<std::pair<const std::string*, T>>& filled) {
    for (std::size_t i = 0; i < filled.size(); ++i) {
        for (std::size_t j = 0; j < i; ++j) {
            if (filled[j].first == filled[i].first) {
                filled[j].second = std::move(filled[i].second);
                filled.erase(filled.begin() + static_cast<std::ptrdiff_t>(i--));
                break;
            }
        }
    }
}

struct FrUsage {
    std::int64_t nominal, average;
    std::string percent;
    void write(Dump2& d) const {
        d.open('{');
        d.key("nominal");
        d.value(nominal);
        d.key("averageUsage");
        d.value(average);
        d.key("usagePercent");
        d.value(percent);
        d.close('}');
    }
};

// Per ClusterQueue: its own average usage and its usage over time (a step function).
void cluster_queues_json(Dump2& d, const ReplayResult& r) {
    d.open('[');
    std::vector<std::pair<const std::string*, FrUsage>> usage;
    std::vector<std::pair<const std::string*, std::int64_t>> used;
    FrNames names;
    std::optional<Shape> sample;  // made at the first timeline's depth, which every one shares
    for (const auto& [name, q] : r.queues) {
        auto cls = r.queue_class.find(name);
        d.element();
        d.open('{');
        d.key("name");
        d.value(name);
        d.key("class");
        d.value(cls == r.queue_class.end() ? name : cls->second);
        d.key("admissions");
        d.value(q.admissions);
        d.key("usage");
        d.open('{');
        usage.clear();
        for (const auto& [fr, nominal] : q.nominal) {
            Usage u;
            u.nominal = nominal;
            if (auto it = q.used_integral.find(fr); it != q.used_integral.end()) u.integral = it->second;
            usage.emplace_back(names(fr),
                               FrUsage{nominal, r.end_ms > 0 ? static_cast<std::int64_t>(u.integral / r.end_ms) : 0,
                                       percent(u, r.end_ms)});
        }
        merge_repeated(usage);
        for (const auto& [member, u] : usage) {
            d.escaped_key(*member);
            u.write(d);
        }
        d.close('}');
        d.key("timeline");
        d.open('[');
        if (!sample) sample.emplace(d, std::initializer_list<std::string_view>{"ms", "used"});
        for (const sim::UsageSample& s : q.timeline) {
            sample->open_element(d);
            d.value(s.at_ms);
            sample->before(d, 1);
            used.clear();
            for (const auto& [fr, amount] : s.used) used.emplace_back(names(fr), amount);
            merge_repeated(used);
            sample->nested(d, used);
            sample->close_element(d);
        }
        d.close(']');
        d.close('}');
        d.flush(k_flush_bytes);
    }
    d.close(']');
}

void workloads_json(Dump2& d, const ReplayResult& r) {
    d.open('[');
    const Shape row(d, {"workload", "class", "clusterQueue", "arrivalMs", "admittedMs", "finishedMs",
                        "timeToAdmissionMs", "evictions"});
    for (const sim::WorkloadResult& w : r.workloads) {
        row.open_element(d);
        d.value(w.workload);
        row.before(d, 1);
        d.value(w.workload_class);
        row.before(d, 2);
        d.value(w.cluster_queue);
        row.before(d, 3);
        d.value(w.arrival_ms);
        row.before(d, 4);
        d.value(w.admitted_ms);
        row.before(d, 5);
        d.value(w.finished_ms);
        row.before(d, 6);
        d.value(w.time_to_admission_ms());
        row.before(d, 7);
        d.value(static_cast<std::int64_t>(w.evictions));
        row.close_element(d);
        d.flush(k_flush_bytes);
    }
    d.close(']');
}

// The JSON document with its two big members, the per-ClusterQueue array and the workloads
// array, written one element at a time: a DOM of 10,000 ClusterQueue timelines and half a
// million workloads cost more than the replay that produced them. The text is what dump(2)
// of the whole document as an ordered_json gives (tests/report/replay_json_test.cpp reads it
// back and compares).
void write_json(std::ostream& out, const ReplayResult& r) {
    std::string head = json_text(json_head(r), 2);
    head.resize(head.size() - 2);  // dump(2) of an object with members ends with "\n}"
    Dump2 d(out, std::move(head));
    d.key("clusterQueues");
    cluster_queues_json(d, r);
    d.key("workloads");
    workloads_json(d, r);
    d.close('}');
    d.flush();
    out << '\n';
}

}  // namespace

void render_replay(std::ostream& out, const ReplayResult& r, ReplayFormat f) {
    if (f == ReplayFormat::json) {
        write_json(out, r);
    } else {
        text(out, r);
    }
}

void render_replay_compare(std::ostream& out, const ReplayResult& base, const ReplayResult& other,
                           const std::string& base_label, const std::string& other_label, ReplayFormat f) {
    auto a = by(base, true), b = by(other, true);
    std::set<std::string> queues;
    for (const auto& [q, s] : a) {
        queues.insert(q);
    }
    for (const auto& [q, s] : b) {
        queues.insert(q);
    }
    if (f == ReplayFormat::json) {
        nlohmann::ordered_json j{{"base", base_label}, {"compare", other_label}, {"queues", nlohmann::ordered_json::array()}};
        for (const std::string& q : queues) {
            std::int64_t wa = a.count(q) ? a[q].avg_wait_ms() : 0, wb = b.count(q) ? b[q].avg_wait_ms() : 0;
            j["queues"].push_back({{"clusterQueue", q},
                                   {"admittedBase", a.count(q) ? a[q].admitted : 0},
                                   {"admittedCompare", b.count(q) ? b[q].admitted : 0},
                                   {"averageWaitMsBase", wa},
                                   {"averageWaitMsCompare", wb},
                                   {"deltaMs", wb - wa}});
        }
        j["summaryBase"] = json_head(base)["workloadClasses"];
        j["summaryCompare"] = json_head(other)["workloadClasses"];
        out << json_text(j, 2) << "\n";
        return;
    }
    out << "average wait per ClusterQueue: " << escape_terminal(base_label) << " -> " << escape_terminal(other_label) << "\n\n";
    out << "CLUSTERQUEUE                    ADMITTED        AVG WAIT BEFORE   AVG WAIT AFTER    CHANGE\n";
    for (const std::string& q : queues) {
        std::int64_t wa = a.count(q) ? a[q].avg_wait_ms() : 0, wb = b.count(q) ? b[q].avg_wait_ms() : 0;
        char line[256];
        std::snprintf(line, sizeof line, "%-30s  %5lld -> %-5lld  %15s  %15s  %s%s\n", escape_terminal(q).c_str(),
                      static_cast<long long>(a.count(q) ? a[q].admitted : 0),
                      static_cast<long long>(b.count(q) ? b[q].admitted : 0), human_duration(wa).c_str(), human_duration(wb).c_str(),
                      wb >= wa ? "+" : "-", human_duration(wb >= wa ? wb - wa : wa - wb).c_str());
        out << line;
    }
}

}  // namespace kg::report
