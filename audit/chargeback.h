// Chargeback math: resource-time of held quota per group, split into usage within nominal quota,
// borrowed usage, quota lent to cohort peers and idle nominal quota, always against the quota in
// force at each instant. Pure: intervals + quota versions + prices + period -> rows.
// Semantics: /work/shared/design/audit-evidence.md section 3.4 (basis "reserved", method
// "kueuegov.prorata-v1", idle paid by its owner). All arithmetic is integer: quantities are
// milli-units x seconds in __int128, prices are exact decimals; no floating point.
#pragma once

#include "audit/evidence.h"
#include "model/policy.h"
#include "model/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kg::audit {

using model::PriceList;
using model::Price;
using model::Error;
using model::Result;

/// `purpose`: the policy's purposes: mapping (model/purpose.h), decided by LocalQueue and
/// namespace only: the evidence store records no workload labels, so label mappings are not
/// consulted.
enum class ChargebackGroup { cluster_queue, local_queue, namespace_, flavor, purpose };

/// Parses "clusterqueue" | "localqueue" | "namespace" | "flavor" | "purpose".
std::optional<ChargebackGroup> parse_chargeback_group(std::string_view s);
std::string_view chargeback_group_name(ChargebackGroup g);

/// Row labels for quota nobody used (idle, lent) when grouping below the ClusterQueue, and for
/// workloads that bypassed queues. Never silently dropped.
inline constexpr std::string_view k_idle_row = "__idle__";
inline constexpr std::string_view k_unqueued_row = "__unqueued__";

using MilliSeconds = __int128;  ///< milli-units x seconds

struct ChargebackRow {
    /// The cluster the evidence came from (issue 15); "" when unknown (an export without
    /// --cluster). CSV and JSON show it only when some row has one.
    std::string cluster;
    // Key columns; those not chosen by the grouping are empty.
    std::string cluster_queue, namespace_, local_queue;
    /// Set on the row of a Cohort's own quota (grouping by ClusterQueue or LocalQueue), whose
    /// ClusterQueue, namespace and LocalQueue are empty: its lent and idle parts, paid by the
    /// platform that holds it (audit-evidence.md section 3.4, hierarchical cohorts).
    std::string cohort;
    /// Grouping by purpose: the purpose, model::k_no_purpose, k_idle_row (quota nobody used)
    /// or, for a Cohort's own quota, "" (the row names the cohort).
    std::string purpose;
    std::string flavor, resource;
    MilliSeconds used = 0;           ///< withinNominal + borrowed
    MilliSeconds within_nominal = 0;
    MilliSeconds borrowed = 0;
    MilliSeconds lent = 0;           ///< unused nominal that cohort peers were borrowing
    MilliSeconds idle_nominal = 0;   ///< unused nominal nobody borrowed (paid for, unused)
    std::optional<__int128> cost_micro;  ///< (used + idle) x price, in 10^-6 currency; nullopt = no price
    std::optional<__int128> list_cost_micro;  ///< the same at the list price (= cost_micro without one)
    /// Prices per unit-hour of chargeback_unit(resource) as exact decimals ("3.000000000"); "" = no price.
    std::string unit_price, list_unit_price;
};

struct ChargebackTotals {
    MilliSeconds used = 0, within_nominal = 0, borrowed = 0, lent = 0, idle_nominal = 0;
};

struct ChargebackResult {
    std::int64_t from = 0, to = 0;
    ChargebackGroup group = ChargebackGroup::cluster_queue;
    std::string currency;
    model::BillingIdentity billing;  ///< from the PriceList, else its defaults
    std::vector<ChargebackRow> rows;  ///< sorted by key, then flavor, resource
    /// Totals per (flavor, resource) are exact sums of the rows; `cost_micro` total is the sum of
    /// the rows' rounded costs, so an invoice adds up.
    std::optional<__int128> total_cost_micro;
    std::vector<std::string> unpriced;  ///< "flavor/resource" pairs with usage but no price
};

struct ChargebackInput {
    std::int64_t from = 0, to = 0;  ///< period, Unix seconds, [from, to)
    ChargebackGroup group = ChargebackGroup::cluster_queue;
    const std::vector<QuotaInterval>* intervals = nullptr;
    const std::vector<QuotaVersion>* versions = nullptr;
    const PriceList* prices = nullptr;  ///< may be null: no costs
    const model::PurposePolicy* purposes = nullptr;  ///< for ChargebackGroup::purpose; null: all __none__
};

/// Computes the rows. Error when the period is empty or a cost overflows 128 bits.
Result<ChargebackResult> compute_chargeback(const ChargebackInput& in);
/// The same, one result per calendar month (UTC) that the period touches, each clipped to the
/// period: FOCUS rows belong to one billing period, and FinOps billing periods are months.
Result<std::vector<ChargebackResult>> compute_chargeback_by_month(const ChargebackInput& in);
/// compute_chargeback / compute_chargeback_by_month of several inputs, one per cluster (each is
/// charged on its own), side by side on the machine's cores; results in the order of `inputs`,
/// each the same as computing it alone.
std::vector<Result<ChargebackResult>> compute_chargeback_each(const std::vector<ChargebackInput>& inputs);
std::vector<Result<std::vector<ChargebackResult>>> compute_chargeback_by_month_each(
    const std::vector<ChargebackInput>& inputs);

/// Unit of a resource's hours: "GPU-Hours" (accelerators), "Core-Hours" (cpu), "GiB-Hours"
/// (memory, ephemeral-storage, hugepages-*), else "<resource>-Hours".
std::string chargeback_unit(std::string_view resource);
/// Milli-units per unit of `chargeback_unit`: 1000 for counts, 1000 x 2^30 for byte resources.
__int128 chargeback_unit_milli(std::string_view resource);

/// Exact decimal `num / den` rounded half away from zero to `places` decimals ("12.500000").
std::string format_decimal(__int128 num, __int128 den, int places);
/// A quantity in milli-unit-seconds as unit-hours of `resource`, 6 decimals.
std::string format_unit_hours(MilliSeconds q, std::string_view resource);

}  // namespace kg::audit
