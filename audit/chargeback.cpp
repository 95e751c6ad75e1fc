#include "audit/chargeback.h"
#include "audit/parallel_each.h"

#include "audit/chargeback_pricing.h"
#include "audit/prorata.h"
#include "model/time.h"

#include <algorithm>
#include <cassert>
#include <map>
#include <optional>
#include <unordered_map>

namespace kg::audit {

std::optional<ChargebackGroup> parse_chargeback_group(std::string_view s) {
    if (s == "clusterqueue") return ChargebackGroup::cluster_queue;
    if (s == "localqueue") return ChargebackGroup::local_queue;
    if (s == "namespace") return ChargebackGroup::namespace_;
    if (s == "flavor") return ChargebackGroup::flavor;
    if (s == "purpose") return ChargebackGroup::purpose;
    return std::nullopt;
}

std::string_view chargeback_group_name(ChargebackGroup g) {
    switch (g) {
    case ChargebackGroup::cluster_queue: return "clusterqueue";
    case ChargebackGroup::local_queue: return "localqueue";
    case ChargebackGroup::namespace_: return "namespace";
    case ChargebackGroup::flavor: return "flavor";
    case ChargebackGroup::purpose: return "purpose";
    }
    return "clusterqueue";
}

namespace {

/// Prefix of the internal key of a Cohort's own quota (see cq_of in Engine::run).
const std::string k_cohort_mark = std::string(1, '\x01') + "cohort/";

struct Acc {
    int gid = 0, fr = 0;
    MilliSeconds used = 0, within = 0, lent = 0, idle = 0;  // borrowed is used - within
};

struct GroupRef {
    int gid;
    int row;  // -1 until first use
    std::int64_t u = 0;
    std::int64_t within_rate = 0;  // part of u within nominal quota
};

struct CqState {
    std::int64_t usage = 0;
    std::vector<GroupRef> groups;
    const QuotaVersion* version = nullptr;
    int cohort = -1;
    std::int64_t last = 0;
    std::int64_t lent_rate = 0;
    int idle_gid = -1;
    int idle_row = -1;
    unsigned stamp = 0;
};

enum EvKind : std::uint8_t { version_end = 0, interval_end = 1, version_start = 2, interval_start = 3 };

/// 24 bytes, sorted by one integer: (time, kind) packed into `key`.
struct Event {
    std::int64_t key;    // t * 4 + kind
    std::int64_t value;  // interval events: milli; version events: index into the versions
    int cq;
    int gid;             // interval events
    std::int64_t t() const { return key >> 2; }
    EvKind kind() const { return static_cast<EvKind>(key & 3); }
};

/// Lets the interning maps be searched with a string_view: a million intervals build their
/// keys in one reused buffer instead of a string (and an allocation) each.
struct KeyHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};
using InternMap = std::unordered_map<std::string, int, KeyHash, std::equal_to<>>;

class Engine {
public:
    explicit Engine(const ChargebackInput& in) : m_in(in) {}

    ChargebackResult run();

private:
    int intern(InternMap& m, std::vector<std::string>& names, std::string_view s) {
        if (auto it = m.find(s); it != m.end()) return it->second;
        const int id = static_cast<int>(names.size());
        m.emplace(std::string(s), id);
        names.emplace_back(s);
        return id;
    }
    /// The row key of (ClusterQueue, namespace, LocalQueue) for the grouping asked, in m_key
    /// (valid until the next call).
    const std::string& group_key(std::string_view cq, const std::string& ns, const std::string& lq);
    /// The purpose of work in namespace `ns` through LocalQueue `lq` ("" or k_unqueued_row: none).
    const std::string& purpose_of(const std::string& ns, const std::string& lq) const;
    int row_for(int gid, int fr);
    void flush_cq(int cq, std::int64_t t);
    void recompute_groups(int cq);
    void recompute_cohort(int cohort, std::int64_t t);

    const ChargebackInput& m_in;
    mutable std::map<std::pair<std::string, std::string>, std::string> m_purpose_cache;  // (ns, lq) -> purpose
    InternMap m_cq_ids, m_group_ids, m_fr_ids, m_cohort_ids;
    std::string m_key;  ///< group_key's buffer
    std::vector<std::string> m_cqs, m_groups, m_frs, m_cohorts;
    std::vector<std::pair<std::string, std::string>> m_fr_pairs;
    std::unordered_map<std::int64_t, int> m_row_index;
    std::vector<Acc> m_rows;

    // Per (flavor, resource) sweep state.
    int m_fr = 0;
    std::vector<CqState> m_state;
    std::vector<std::vector<int>> m_members;  // cohort id -> CQs currently in it
    std::vector<std::int64_t> m_w, m_weights;
    std::vector<__int128> m_split, m_lent;
    std::vector<int> m_one{0};
    SplitScratch m_scratch;
};

const std::string& Engine::group_key(std::string_view cq, const std::string& ns, const std::string& lq) {
    std::string& k = m_key;
    k.clear();
    switch (m_in.group) {
    case ChargebackGroup::cluster_queue: k = cq; k += '\0'; k += '\0'; break;
    case ChargebackGroup::local_queue: k = cq; k += '\0'; k += ns; k += '\0'; k += lq; break;
    case ChargebackGroup::namespace_: k += '\0'; k += ns; k += '\0'; break;
    case ChargebackGroup::flavor: k += '\0'; k += '\0'; break;
    // The purpose sits in the namespace slot; rows move it to ChargebackRow::purpose.
    case ChargebackGroup::purpose: k += '\0'; k += ns == k_idle_row ? ns : purpose_of(ns, lq); k += '\0'; break;
    }
    return k;
}

const std::string& Engine::purpose_of(const std::string& ns, const std::string& lq) const {
    auto [it, fresh] = m_purpose_cache.try_emplace({ns, lq});
    if (fresh) {
        std::optional<model::PurposeMatch> m;
        if (m_in.purposes != nullptr) {
            // Labels are not in the evidence: null labels make the resolver skip label mappings.
            m = model::resolve_purpose(*m_in.purposes, {ns, lq == k_unqueued_row ? std::string_view() : lq, nullptr});
        }
        it->second = m ? m->purpose : std::string(model::k_no_purpose);
    }
    return it->second;
}

int Engine::row_for(int gid, int fr) {
    const std::int64_t key = static_cast<std::int64_t>(gid) * (static_cast<std::int64_t>(m_frs.size()) + 1) + fr;
    auto [it, fresh] = m_row_index.try_emplace(key, static_cast<int>(m_rows.size()));
    if (fresh) {
        Acc a;
        a.gid = gid;
        a.fr = fr;
        m_rows.push_back(a);
    }
    return it->second;
}

// Rates are integers in milli-units held now; accumulating rate x dt needs no division. The
// pro-rata splits happen when a rate changes (largest remainders at milli-unit precision), so
// rows always add up exactly to the ClusterQueue's totals.
void Engine::flush_cq(int cq, std::int64_t t) {
    CqState& s = m_state[static_cast<std::size_t>(cq)];
    const std::int64_t dt = t - s.last;
    if (dt <= 0) return;
    s.last = t;
    for (GroupRef& g : s.groups) {
        if (g.u == 0) continue;
        if (g.row < 0) g.row = row_for(g.gid, m_fr);
        Acc& a = m_rows[static_cast<std::size_t>(g.row)];
        a.used += static_cast<__int128>(g.u) * dt;
        a.within += static_cast<__int128>(g.within_rate) * dt;
    }
    const std::int64_t n = s.version ? s.version->nominal_milli : 0;
    const std::int64_t unused = n - std::min(s.usage, n);
    if (unused != 0 || s.lent_rate != 0) {
        if (s.idle_row < 0) s.idle_row = row_for(s.idle_gid, m_fr);
        Acc& a = m_rows[static_cast<std::size_t>(s.idle_row)];
        a.lent += static_cast<__int128>(s.lent_rate) * dt;
        a.idle += static_cast<__int128>(unused - s.lent_rate) * dt;
    }
}

void Engine::recompute_groups(int cq) {
    CqState& s = m_state[static_cast<std::size_t>(cq)];
    const std::int64_t n = s.version ? s.version->nominal_milli : 0;
    const std::int64_t within = std::min(s.usage, n);
    if (within == s.usage) {
        for (GroupRef& g : s.groups) g.within_rate = g.u;
        return;
    }
    m_weights.clear();
    for (const GroupRef& g : s.groups) m_weights.push_back(g.u);
    split_prorata(within, 1, m_weights, m_split, m_scratch);
    for (std::size_t k = 0; k < s.groups.size(); ++k) s.groups[k].within_rate = static_cast<std::int64_t>(m_split[k]);
}

void Engine::recompute_cohort(int cohort, std::int64_t t) {
    const auto& members = m_members[static_cast<std::size_t>(cohort)];
    if (members.empty()) return;
    std::int64_t borrowed = 0;
    m_w.assign(members.size(), 0);
    for (std::size_t i = 0; i < members.size(); ++i) {
        const CqState& s = m_state[static_cast<std::size_t>(members[i])];
        const std::int64_t n = s.version ? s.version->nominal_milli : 0;
        const std::int64_t within = std::min(s.usage, n);
        borrowed += s.usage - within;
        std::int64_t lendable = n - within;
        // A Cohort's lendingLimit bounds what it lends to its parent; its members may borrow all of it.
        if (s.version && !s.version->cohort_owned && s.version->lending_limit_milli)
            lendable = std::min(lendable, *s.version->lending_limit_milli);
        m_w[i] = std::max<std::int64_t>(lendable, 0);
    }
    std::int64_t lendable_sum = 0;
    for (auto w : m_w) lendable_sum += w;
    split_prorata(std::min(borrowed, lendable_sum), 1, m_w, m_lent, m_scratch);
    for (std::size_t i = 0; i < members.size(); ++i) {
        const auto lent = static_cast<std::int64_t>(m_lent[i]);
        CqState& s = m_state[static_cast<std::size_t>(members[i])];
        if (s.lent_rate == lent) continue;
        flush_cq(members[i], t);  // up to t at the old rate
        s.lent_rate = lent;
    }
}

ChargebackResult Engine::run() {
    ChargebackResult res;
    res.from = m_in.from;
    res.to = m_in.to;
    res.group = m_in.group;
    res.currency = m_in.prices ? m_in.prices->currency : "";
    if (m_in.prices) res.billing = m_in.prices->billing;
    static const std::vector<QuotaInterval> no_intervals;
    static const std::vector<QuotaVersion> no_versions;
    const auto& intervals = m_in.intervals ? *m_in.intervals : no_intervals;
    const auto& versions = m_in.versions ? *m_in.versions : no_versions;

    std::string fr_key;
    auto fr_of = [&](const std::string& f, const std::string& r) {
        fr_key.assign(f);
        fr_key += '\0';
        fr_key += r;
        const std::size_t known = m_frs.size();
        const int id = intern(m_fr_ids, m_frs, fr_key);
        if (m_frs.size() != known) m_fr_pairs.emplace_back(f, r);  // m_fr_pairs[id] is (f, r)
        return id;
    };
    const std::string unqueued(k_unqueued_row), idle(k_idle_row);

    std::vector<std::vector<Event>> events;
    auto push = [&](int fr, const Event& e) {
        if (static_cast<std::size_t>(fr) >= events.size()) events.resize(static_cast<std::size_t>(fr) + 1);
        events[static_cast<std::size_t>(fr)].push_back(e);
    };
    std::vector<int> cq_idle_gid;
    // A Cohort's own quota is one more lender in its pool, interned under a name no
    // ClusterQueue can have (object names never hold k_cohort_mark), and given its own row.
    std::string cohort_key;
    auto cq_of = [&](const std::string& name, bool cohort_owned) {
        if (cohort_owned) cohort_key = k_cohort_mark + name;
        const std::string& key = cohort_owned ? cohort_key : name;
        const int id = intern(m_cq_ids, m_cqs, key);
        if (static_cast<std::size_t>(id) >= cq_idle_gid.size()) {
            std::string k;
            switch (m_in.group) {
            case ChargebackGroup::cluster_queue: k = group_key(key, "", ""); break;
            case ChargebackGroup::local_queue: k = group_key(key, "", cohort_owned ? "" : idle); break;
            case ChargebackGroup::namespace_: k = group_key("", idle, ""); break;
            case ChargebackGroup::flavor: k = group_key("", "", ""); break;
            case ChargebackGroup::purpose: k = group_key("", idle, ""); break;
            }
            cq_idle_gid.push_back(intern(m_group_ids, m_groups, k));
        }
        return id;
    };

    for (const auto& iv : intervals) {
        const std::int64_t a = std::max(iv.from, m_in.from), b = std::min(iv.to, m_in.to);
        if (a >= b || iv.milli == 0) continue;
        const std::string& cqn = iv.cluster_queue.empty() ? unqueued : iv.cluster_queue;
        const int cq = cq_of(cqn, false);
        const std::string& lq = iv.local_queue.empty() ? unqueued : iv.local_queue;
        const int gid = intern(m_group_ids, m_groups, group_key(cqn, iv.namespace_, lq));
        const int fr = fr_of(iv.flavor, iv.resource);
        push(fr, Event{a * 4 + interval_start, iv.milli, cq, gid});
        if (b < m_in.to) push(fr, Event{b * 4 + interval_end, iv.milli, cq, gid});
    }
    for (const auto& v : versions) {
        const std::int64_t a = std::max(v.valid_from, m_in.from), b = std::min(v.valid_to, m_in.to);
        if (a >= b) continue;
        const int cq = cq_of(v.cluster_queue, v.cohort_owned);
        const int fr = fr_of(v.flavor, v.resource);
        if (!v.cohort.empty()) intern(m_cohort_ids, m_cohorts, v.cohort);
        push(fr, Event{a * 4 + version_start, static_cast<std::int64_t>(&v - versions.data()), cq, -1});
        if (b < m_in.to) push(fr, Event{b * 4 + version_end, static_cast<std::int64_t>(&v - versions.data()), cq, -1});
    }

    unsigned stamp = 0;
    std::vector<unsigned> cohort_stamp(m_cohorts.size(), 0);
    std::vector<int> touched_cqs, touched_cohorts;
    for (std::size_t fr = 0; fr < events.size(); ++fr) {
        m_fr = static_cast<int>(fr);
        auto& evs = events[fr];
        std::sort(evs.begin(), evs.end(), [](const Event& x, const Event& y) { return x.key < y.key; });
        m_state.assign(m_cqs.size(), CqState{});
        for (std::size_t q = 0; q < m_state.size(); ++q) {
            m_state[q].last = m_in.from;
            m_state[q].idle_gid = cq_idle_gid[q];
        }
        m_members.assign(m_cohorts.size(), {});
        for (std::size_t i = 0; i < evs.size();) {
            const std::int64_t t = evs[i].t();
            ++stamp;
            touched_cqs.clear();
            touched_cohorts.clear();
            auto touch_cohort = [&](int c) {
                if (c < 0 || cohort_stamp[static_cast<std::size_t>(c)] == stamp) return;
                cohort_stamp[static_cast<std::size_t>(c)] = stamp;
                touched_cohorts.push_back(c);
            };
            std::size_t j = i;
            for (; j < evs.size() && evs[j].t() == t; ++j) {
                const Event& e = evs[j];
                const QuotaVersion* ev_version =
                    e.kind() == version_start || e.kind() == version_end ? &versions[static_cast<std::size_t>(e.value)] : nullptr;
                CqState& s = m_state[static_cast<std::size_t>(e.cq)];
                if (s.stamp != stamp) {
                    s.stamp = stamp;
                    touched_cqs.push_back(e.cq);
                    flush_cq(e.cq, t);  // its rates change at t
                }
                auto set_cohort = [&](int c) {
                    if (c == s.cohort) return;
                    touch_cohort(s.cohort);
                    if (s.cohort >= 0) {
                        auto& mem = m_members[static_cast<std::size_t>(s.cohort)];
                        mem.erase(std::find(mem.begin(), mem.end(), e.cq));
                    }
                    s.cohort = c;
                    if (c >= 0) m_members[static_cast<std::size_t>(c)].push_back(e.cq);
                };
                switch (e.kind()) {
                case version_end:
                    if (s.version == ev_version) {
                        s.version = nullptr;
                        set_cohort(-1);
                    }
                    break;
                case version_start:
                    s.version = ev_version;
                    set_cohort(ev_version->cohort.empty() ? -1 : m_cohort_ids.at(ev_version->cohort));
                    break;
                case interval_start:
                case interval_end: {
                    const std::int64_t d = e.kind() == interval_start ? e.value : -e.value;
                    s.usage += d;
                    auto it = std::find_if(s.groups.begin(), s.groups.end(),
                                           [&](const GroupRef& g) { return g.gid == e.gid; });
                    if (it == s.groups.end()) {
                        s.groups.push_back(GroupRef{e.gid, -1, 0, 0});
                        it = s.groups.end() - 1;
                    }
                    it->u += d;
                    break;
                }
                }
                touch_cohort(s.cohort);
            }
            for (int q : touched_cqs) {
                recompute_groups(q);
                CqState& s = m_state[static_cast<std::size_t>(q)];
                if (s.cohort < 0) s.lent_rate = 0;  // flushed at t above
            }
            for (int c : touched_cohorts) recompute_cohort(c, t);
            i = j;
        }
        // Close the period.
        for (std::size_t q = 0; q < m_state.size(); ++q) flush_cq(static_cast<int>(q), m_in.to);
    }

    // Rows out, sorted by key.
    res.rows.reserve(m_rows.size());
    for (const Acc& a : m_rows) {
        ChargebackRow r;
        const std::string& k = m_groups[static_cast<std::size_t>(a.gid)];
        const auto p1 = k.find('\0'), p2 = k.find('\0', p1 + 1);
        r.cluster_queue = k.substr(0, p1);
        r.namespace_ = k.substr(p1 + 1, p2 - p1 - 1);
        r.local_queue = k.substr(p2 + 1);
        if (r.cluster_queue.starts_with(k_cohort_mark)) {
            r.cohort = r.cluster_queue.substr(k_cohort_mark.size());
            r.cluster_queue.clear();
        }
        r.flavor = m_fr_pairs[static_cast<std::size_t>(a.fr)].first;
        r.resource = m_fr_pairs[static_cast<std::size_t>(a.fr)].second;
        if (m_in.group == ChargebackGroup::flavor) {
            r.cluster_queue.clear();
            r.namespace_.clear();
            r.local_queue.clear();
        }
        if (m_in.group == ChargebackGroup::purpose) {
            r.purpose = std::move(r.namespace_);
            r.namespace_.clear();
        }
        r.used = a.used;
        r.within_nominal = a.within;
        r.borrowed = a.used - a.within;  // sum of (u - within_rate) x dt over the same spans
        r.lent = a.lent;
        r.idle_nominal = a.idle;
        res.rows.push_back(std::move(r));
    }
    std::sort(res.rows.begin(), res.rows.end(), [](const ChargebackRow& x, const ChargebackRow& y) {
        return std::tie(x.cluster_queue, x.cohort, x.purpose, x.namespace_, x.local_queue, x.flavor, x.resource) <
               std::tie(y.cluster_queue, y.cohort, y.purpose, y.namespace_, y.local_queue, y.flavor, y.resource);
    });
    return res;
}

}  // namespace

Result<ChargebackResult> compute_chargeback(const ChargebackInput& in) {
    if (in.to <= in.from)
        return Error{"chargeback period is empty: --to " + std::to_string(in.to) + " is not after --from " +
                     std::to_string(in.from)};
    Engine eng(in);
    ChargebackResult res = eng.run();
    if (in.prices != nullptr) {
        if (auto err = price_rows(res, *in.prices)) return *err;
    }
    return res;
}

Result<std::vector<ChargebackResult>> compute_chargeback_by_month(const ChargebackInput& in) {
    std::vector<ChargebackResult> out;
    for (const auto& [from, to] : model::calendar_months(in.from, in.to)) {
        ChargebackInput month = in;
        month.from = from;
        month.to = to;
        auto r = compute_chargeback(month);
        if (!r.has_value()) return r.error();
        out.push_back(std::move(r.value()));
    }
    if (out.empty()) return Error{"chargeback period is empty"};
    return out;
}

namespace {

// Runs `compute` on every input through parallel_each; each result lands in its own slot.
template <class R, class F>
std::vector<Result<R>> each_input(const std::vector<ChargebackInput>& inputs, F compute) {
    std::vector<std::optional<Result<R>>> slots(inputs.size());
    parallel_each(inputs.size(), [&](std::size_t i) { slots[i].emplace(compute(inputs[i])); });
    std::vector<Result<R>> out;
    out.reserve(slots.size());
    for (auto& s : slots) out.push_back(std::move(*s));
    return out;
}

}  // namespace

std::vector<Result<ChargebackResult>> compute_chargeback_each(const std::vector<ChargebackInput>& inputs) {
    return each_input<ChargebackResult>(inputs, compute_chargeback);
}

std::vector<Result<std::vector<ChargebackResult>>> compute_chargeback_by_month_each(
    const std::vector<ChargebackInput>& inputs) {
    return each_input<std::vector<ChargebackResult>>(inputs, compute_chargeback_by_month);
}

}  // namespace kg::audit
