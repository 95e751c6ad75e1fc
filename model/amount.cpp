// Kueue's resource amounts (pkg/resources/amount.go, resource_formatter.go):
// saturating int64 with an Unlimited sentinel for quotas, and Kueue's rules for
// turning quantities into amounts (R2.4, R2.9) and amounts into text (R2.10).
#include "model/amount.h"

#include <limits>

namespace kg::model {

namespace {
constexpr std::int64_t k_max = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t k_min = std::numeric_limits<std::int64_t>::min();

bool is_memory_like(std::string_view r) {
    return r == "memory" || r == "ephemeral-storage" || r.rfind("hugepages-", 0) == 0;
}
}  // namespace

std::int64_t saturating_add(std::int64_t a, std::int64_t b) {
    std::int64_t r = 0;
    if (__builtin_add_overflow(a, b, &r)) {
        return b > 0 ? k_max : k_min;
    }
    return r;
}

std::int64_t saturating_sub(std::int64_t a, std::int64_t b) {
    std::int64_t r = 0;
    if (__builtin_sub_overflow(a, b, &r)) {
        return b < 0 ? k_max : k_min;
    }
    return r;
}

std::int64_t saturating_mul(std::int64_t a, std::int64_t b) {
    std::int64_t r = 0;
    if (__builtin_mul_overflow(a, b, &r)) {
        return ((a < 0) != (b < 0)) ? k_min : k_max;
    }
    return r;
}

Amount Amount::add(Amount o) const {
    if (m_unlimited || o.m_unlimited) {
        return unlimited();
    }
    return of(saturating_add(m_value, o.m_value));
}

Amount Amount::sub(Amount o) const {
    if (m_unlimited && o.m_unlimited) {
        return of(0);
    }
    if (m_unlimited) {
        return unlimited();
    }
    if (o.m_unlimited) {
        return of(k_min);
    }
    return of(saturating_sub(m_value, o.m_value));
}


std::int64_t request_amount(std::string_view resource, const Quantity& q) {
    std::int64_t v = resource == "cpu" ? q.milli_value() : q.value();
    return v < 0 ? 0 : v;
}

// AmountFromQuantity: a quota at or above the largest quantity whose canonical value
// fits (MaxInt64 units; for cpu MaxInt64/1000 whole cores) is Unlimited.
Amount quota_amount(std::string_view resource, const Quantity& q) {
    constexpr Quantity::Nanos k_nano = 1'000'000'000;
    if (resource == "cpu") {
        if (q.nanos() >= static_cast<Quantity::Nanos>(k_max / 1000) * k_nano) {
            return Amount::unlimited();
        }
        return Amount::of(q.milli_value());
    }
    // A fraction just below MaxInt64 rounds up onto Kueue's MaxInt64 sentinel: Unlimited too.
    if (q.nanos() >= static_cast<Quantity::Nanos>(k_max) * k_nano || q.value() == k_max) {
        return Amount::unlimited();
    }
    return Amount::of(q.value());
}

Quantity amount_to_quantity(std::string_view resource, std::int64_t v) {
    if (resource == "cpu") {
        return Quantity::from_milli(v);
    }
    return Quantity::from_int(v, is_memory_like(resource) ? QuantityFormat::binary_si : QuantityFormat::decimal_si);
}

std::string format_amount(std::string_view resource, Amount a) {
    if (a.is_unlimited()) {
        return "<unlimited>";
    }
    if (resource == "cpu") {
        return Quantity::from_milli(a.value()).to_string();
    }
    // A Quantity carries at most MaxInt64 in magnitude: MinInt64 prints as -MaxInt64.
    std::int64_t v = a.value() == k_min ? -k_max : a.value();
    if (is_memory_like(resource)) {
        // Binary canonical form, then re-parsed: 1073741824 -> "1Gi", 1000000000 -> "1G".
        std::string binary = Quantity::from_int(v, QuantityFormat::binary_si).to_string();
        Result<Quantity> reparsed = Quantity::parse(binary);
        return reparsed ? reparsed->to_string() : binary;
    }
    // resource.NewQuantity(v, DecimalSI).String(): 8 -> "8", 1000 -> "1k", 10468982784 as is.
    return Quantity::from_int(v).to_string();
}

}  // namespace kg::model
