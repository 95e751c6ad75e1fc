// Costs of chargeback rows from the policy file's price list: exact integers in 10^-6 of
// the currency, rounded half away from zero per row, so an invoice adds up.
#include "audit/chargeback_pricing.h"

#include <algorithm>

namespace kg::audit {

namespace {

std::optional<__int128> price_unit_scale(std::string_view unit) {
    // Units per price unit, in the resource's base unit (bytes for memory).
    if (unit.empty()) return 1;
    struct U { std::string_view name; __int128 v; };
    static const U units[] = {
        {"Ki", __int128(1) << 10}, {"KiB", __int128(1) << 10}, {"Mi", __int128(1) << 20},
        {"MiB", __int128(1) << 20}, {"Gi", __int128(1) << 30}, {"GiB", __int128(1) << 30},
        {"Ti", __int128(1) << 40}, {"TiB", __int128(1) << 40}, {"k", 1000}, {"KB", 1000},
        {"M", 1000000}, {"MB", 1000000}, {"G", 1000000000}, {"GB", 1000000000},
        {"T", __int128(1000000000) * 1000}, {"TB", __int128(1000000000) * 1000},
    };
    for (const auto& u : units)
        if (u.name == unit) return u.v;
    return std::nullopt;
}

const Price* find_price(const PriceList& pl, std::string_view flavor, std::string_view resource) {
    const Price* any = nullptr;
    for (const auto& p : pl.prices) {
        if (p.resource.value != resource) continue;
        if (p.flavor.value == flavor) return &p;
        if (p.flavor.value == "*" && any == nullptr) any = &p;
    }
    return any;
}

// cost[10^-6] = q[milli.s] x price[10^-9 per unit.hour] / (1000 x 3600 x scale x 1000), rounded
// half away from zero; nullopt on overflow.
std::optional<__int128> cost_micro(__int128 q, __int128 price_nanos, __int128 scale) {
    __int128 num = 0;
    if (__builtin_mul_overflow(q, price_nanos, &num)) return std::nullopt;
    const __int128 den = __int128(3600) * 1000 * 1000 * scale;
    __int128 c = num / den, rem = num % den;
    if ((rem < 0 ? -rem : rem) * 2 >= den) c += num < 0 ? -1 : 1;
    return c;
}

// The price per unit-hour of chargeback_unit(resource) (a GiB-hour for memory priced per
// Mi-hour, say), 9 decimals: FOCUS requires unit price x PricingQuantity = cost.
std::string unit_price(__int128 price_nanos, std::string_view resource, __int128 scale) {
    // price per base unit = nanos / scale; base units per chargeback unit = unit_milli / 1000.
    return format_decimal(price_nanos * chargeback_unit_milli(resource), __int128(1000) * scale * 1000000000, 9);
}

}  // namespace

std::optional<Error> price_rows(ChargebackResult& res, const PriceList& prices) {
    {
        __int128 total = 0;
        for (auto& r : res.rows) {
            const Price* p = find_price(prices, r.flavor, r.resource);
            if (p == nullptr) {
                if (r.used + r.idle_nominal != 0) {
                    std::string fr = r.flavor + "/" + r.resource;
                    if (std::find(res.unpriced.begin(), res.unpriced.end(), fr) == res.unpriced.end())
                        res.unpriced.push_back(fr);
                }
                continue;
            }
            const auto scale = price_unit_scale(p->unit);
            if (!scale)
                return Error{"price for " + r.flavor + "/" + r.resource + " has unit \"" + p->unit +
                             "\"; expected Ki, Mi, Gi, Ti, k, M, G, T (or their B forms) or none"};
            // Cost and unit price at the contracted price (perHour) and at the list price.
            const __int128 q = r.used + r.idle_nominal;
            const auto list = p->list_per_hour ? p->list_per_hour->value : p->per_hour.value;
            auto cost = cost_micro(q, p->per_hour.value.nanos(), *scale);
            auto list_cost = cost_micro(q, list.nanos(), *scale);
            if (!cost || !list_cost) return Error{"cost of " + r.flavor + "/" + r.resource + " overflows 128 bits"};
            r.cost_micro = *cost;
            r.list_cost_micro = *list_cost;
            r.unit_price = unit_price(p->per_hour.value.nanos(), r.resource, *scale);
            r.list_unit_price = unit_price(list.nanos(), r.resource, *scale);
            total += *cost;
        }
        res.total_cost_micro = total;
    }
    return std::nullopt;
}

}  // namespace kg::audit
