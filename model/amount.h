// Quota arithmetic as Kueue does it (pkg/resources/amount.go): int64 in canonical
// units (milli for cpu, base units otherwise), an Unlimited sentinel for quotas,
// saturating operations and no raw `+`. Spec: kueue-admission.md §2 (R2.4, R2.9, R2.10).
#pragma once

#include "model/quantity.h"

#include <compare>
#include <cstdint>
#include <string>
#include <string_view>

namespace kg::model {

class Amount {
public:
    constexpr Amount() = default;
    static constexpr Amount of(std::int64_t v) { Amount a; a.m_value = v; return a; }
    static constexpr Amount unlimited() { Amount a; a.m_unlimited = true; a.m_value = INT64_MAX; return a; }

    bool is_unlimited() const { return m_unlimited; }
    /// The bounded value (INT64_MAX when unlimited).
    std::int64_t value() const { return m_value; }

    /// Unlimited + x = Unlimited; bounded sums saturate at the int64 limits.
    Amount add(Amount o) const;
    /// Unlimited - bounded = Unlimited; bounded - Unlimited = INT64_MIN; Unlimited - Unlimited = 0.
    Amount sub(Amount o) const;

    friend bool operator==(const Amount& a, const Amount& b) {
        return a.m_unlimited == b.m_unlimited && (a.m_unlimited || a.m_value == b.m_value);
    }
    /// Unlimited compares greater than every bounded value and equal to itself. Inline: the
    /// scheduler compares amounts in its innermost loops.
    friend std::strong_ordering operator<=>(const Amount& a, const Amount& b) {
        if (a.m_unlimited || b.m_unlimited) {
            if (a.m_unlimited && b.m_unlimited) return std::strong_ordering::equal;
            return a.m_unlimited ? std::strong_ordering::greater : std::strong_ordering::less;
        }
        return a.m_value <=> b.m_value;
    }

private:
    std::int64_t m_value = 0;
    bool m_unlimited = false;
};

std::int64_t saturating_add(std::int64_t a, std::int64_t b);
std::int64_t saturating_sub(std::int64_t a, std::int64_t b);
std::int64_t saturating_mul(std::int64_t a, std::int64_t b);

/// R2.4: a request as an int64 amount: cpu in milli (ceiling), others in units (ceiling),
/// clamped to int64; negative values floor to 0.
std::int64_t request_amount(std::string_view resource, const Quantity& q);
/// R2.9: a quota (nominal/borrowing/lending) as an Amount; values at or beyond MaxInt64 units
/// (cpu: MaxInt64/1000 whole cores) become Unlimited.
Amount quota_amount(std::string_view resource, const Quantity& q);
/// R2.10 AmountQuantityString: "500m"/"2" for cpu, "1Gi"/"1G" for memory-like, a decimal-SI integer
/// quantity otherwise ("8", "10468982784", "1k"),
/// "<unlimited>" for Unlimited.
std::string format_amount(std::string_view resource, Amount a);
/// The same as a Quantity (for printing canonical Kubernetes strings in output).
Quantity amount_to_quantity(std::string_view resource, std::int64_t v);

}  // namespace kg::model
