// Kueue amounts: saturating arithmetic, Unlimited, and quantity conversions
// (kueue-admission.md R2.4, R2.9, R2.10; Kueue pkg/resources amount.go and
// resource_formatter.go).
#include "model/amount.h"

#include <catch2/catch.hpp>

#include <limits>

using namespace kg::model;

namespace {
constexpr std::int64_t k_max = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t k_min = std::numeric_limits<std::int64_t>::min();

Quantity q(std::string_view text) {
    auto r = Quantity::parse(text);
    INFO("parsing '" << text << "'");
    REQUIRE(r.has_value());
    return *r;
}
}  // namespace

TEST_CASE("requests become cpu millis and whole units of everything else, rounded up", "[model][amount]") {
    CHECK(request_amount("cpu", q("0.0001")) == 1);  // R2.4: 0.0001 cpu => 1m
    CHECK(request_amount("cpu", q("1.5")) == 1500);
    CHECK(request_amount("cpu", q("250m")) == 250);
    CHECK(request_amount("cpu", q("1n")) == 1);
    CHECK(request_amount("cpu", q("0")) == 0);
    CHECK(request_amount("memory", q("100m")) == 1);  // R2.4: memory 100m => 1
    CHECK(request_amount("memory", q("1Gi")) == 1073741824);
    CHECK(request_amount("memory", q("1.5Gi")) == 1610612736);
    CHECK(request_amount("example.com/gpu", q("1.5")) == 2);
    CHECK(request_amount("nvidia.com/gpu", q("8")) == 8);
    CHECK(request_amount("pods", q("1k")) == 1000);
}

TEST_CASE("request amounts clamp at MaxInt64 and floor negatives to zero", "[model][amount]") {
    CHECK(request_amount("memory", q("1E")) == 1000000000000000000);
    CHECK(request_amount("memory", q("1e20")) == k_max);
    CHECK(request_amount("memory", q("8Ei")) == k_max);
    CHECK(request_amount("cpu", q("1e17")) == k_max);  // 1e20 millis
    CHECK(request_amount("cpu", q("9223372036854775807m")) == k_max);
    CHECK(request_amount("memory", q("-1Gi")) == 0);
    CHECK(request_amount("cpu", q("-500m")) == 0);
    CHECK(request_amount("cpu", q("-1e20")) == 0);
}

TEST_CASE("quotas at or beyond MaxInt64 units become Unlimited", "[model][amount]") {
    CHECK(quota_amount("memory", q("10000E")).is_unlimited());
    CHECK(quota_amount("memory", q("9223372036854775807")).is_unlimited());
    CHECK(quota_amount("memory", q("8Ei")).is_unlimited());  // capped at 2^63-1 by parsing
    CHECK_FALSE(quota_amount("memory", q("9223372036854775806")).is_unlimited());
    CHECK(quota_amount("memory", q("9223372036854775806")) == Amount::of(k_max - 1));
    // Rounding up lands on Kueue's MaxInt64 sentinel, which is Unlimited.
    CHECK(quota_amount("memory", q("9223372036854775806.5")).is_unlimited());
    CHECK(quota_amount("nvidia.com/gpu", q("8")) == Amount::of(8));
    CHECK(quota_amount("memory", q("64Gi")) == Amount::of(68719476736));
    CHECK(quota_amount("memory", q("0")) == Amount::of(0));
}

TEST_CASE("cpu quotas at or beyond MaxInt64/1000 whole cores become Unlimited", "[model][amount]") {
    // maxCPUQuantityForAmount = NewQuantity(MaxInt64/1000): 9223372036854775 cores.
    CHECK(quota_amount("cpu", q("9223372036854775")).is_unlimited());
    CHECK(quota_amount("cpu", q("9223372036854775807")).is_unlimited());
    CHECK(quota_amount("cpu", q("1E")).is_unlimited());  // the "1E CPU collapses to 0" Kueue bug stays fixed
    CHECK_FALSE(quota_amount("cpu", q("9223372036854774.999")).is_unlimited());
    CHECK(quota_amount("cpu", q("9223372036854774.999")) == Amount::of(9223372036854774999));
    CHECK(quota_amount("cpu", q("10")) == Amount::of(10000));
    CHECK(quota_amount("cpu", q("1500m")) == Amount::of(1500));
    CHECK(quota_amount("cpu", q("0.0001")) == Amount::of(1));
}

TEST_CASE("Unlimited absorbs additions and subtractions as in Kueue", "[model][amount]") {
    Amount u = Amount::unlimited();
    Amount five = Amount::of(5);
    CHECK(u.add(five).is_unlimited());
    CHECK(five.add(u).is_unlimited());
    CHECK(u.add(u).is_unlimited());
    CHECK(u.sub(five).is_unlimited());
    CHECK(u.sub(Amount::of(-5)).is_unlimited());
    CHECK(five.sub(u) == Amount::of(k_min));
    CHECK_FALSE(five.sub(u).is_unlimited());
    CHECK(u.sub(u) == Amount::of(0));
    CHECK_FALSE(u.sub(u).is_unlimited());
    CHECK(u.value() == k_max);
}

TEST_CASE("Unlimited compares above every bounded amount and equal to itself", "[model][amount]") {
    Amount u = Amount::unlimited();
    CHECK(u > Amount::of(5));
    CHECK(u > Amount::of(k_max));
    CHECK(Amount::of(k_max) < u);
    CHECK(u != Amount::of(k_max));
    CHECK(u == Amount::unlimited());
    CHECK((u <=> Amount::unlimited()) == std::strong_ordering::equal);
    CHECK(Amount::of(-3) < Amount::of(2));
    CHECK(Amount::of(2) == Amount::of(2));
    CHECK(Amount() == Amount::of(0));
}

TEST_CASE("bounded amounts saturate at the int64 limits", "[model][amount]") {
    CHECK(Amount::of(k_max).add(Amount::of(5)) == Amount::of(k_max));
    CHECK_FALSE(Amount::of(k_max).add(Amount::of(5)).is_unlimited());
    CHECK(Amount::of(k_min).add(Amount::of(-5)) == Amount::of(k_min));
    CHECK(Amount::of(k_min).sub(Amount::of(1)) == Amount::of(k_min));
    CHECK(Amount::of(k_max).sub(Amount::of(-1)) == Amount::of(k_max));
    CHECK(Amount::of(7).sub(Amount::of(10)) == Amount::of(-3));
    CHECK(Amount::of(7).add(Amount::of(-10)) == Amount::of(-3));
}

TEST_CASE("saturating helpers clamp instead of wrapping", "[model][amount]") {
    CHECK(saturating_add(k_max, 1) == k_max);
    CHECK(saturating_add(k_min, -1) == k_min);
    CHECK(saturating_add(k_max, k_min) == -1);
    CHECK(saturating_add(2, 3) == 5);
    CHECK(saturating_sub(k_min, 1) == k_min);
    CHECK(saturating_sub(k_max, -1) == k_max);
    CHECK(saturating_sub(0, k_min) == k_max);
    CHECK(saturating_sub(-1, k_min) == k_max);
    CHECK(saturating_sub(2, 3) == -1);
    CHECK(saturating_mul(k_max / 2, 3) == k_max);
    CHECK(saturating_mul(-(k_max / 2), 3) == k_min);
    CHECK(saturating_mul(k_max / 2, -3) == k_min);
    CHECK(saturating_mul(-(k_max / 2), -3) == k_max);
    CHECK(saturating_mul(k_min, -1) == k_max);
    CHECK(saturating_mul(k_min, 1) == k_min);
    CHECK(saturating_mul(k_max, 0) == 0);
    CHECK(saturating_mul(1000, 8) == 8000);
}

TEST_CASE("cpu amounts print as milli quantities", "[model][amount]") {
    CHECK(format_amount("cpu", Amount::of(500)) == "500m");
    CHECK(format_amount("cpu", Amount::of(2000)) == "2");
    CHECK(format_amount("cpu", Amount::of(1500)) == "1500m");
    CHECK(format_amount("cpu", Amount::of(1)) == "1m");
    CHECK(format_amount("cpu", Amount::of(0)) == "0");
    CHECK(format_amount("cpu", Amount::of(1000000)) == "1k");  // "previously considered podsets requests (1k)"
    CHECK(format_amount("cpu", Amount::of(10000000)) == "10k");
    CHECK(format_amount("cpu", Amount::of(9223372036854775000)) == "9223372036854775");
    CHECK(format_amount("cpu", Amount::of(k_max)) == "9223372036854775807m");
    CHECK(format_amount("cpu", Amount::of(-1500)) == "-1500m");
}

TEST_CASE("memory-like amounts print in binary form, re-parsed", "[model][amount]") {
    CHECK(format_amount("memory", Amount::of(1073741824)) == "1Gi");
    CHECK(format_amount("memory", Amount::of(1000000000)) == "1G");
    CHECK(format_amount("memory", Amount::of(1024)) == "1Ki");
    CHECK(format_amount("memory", Amount::of(1536)) == "1536");
    CHECK(format_amount("memory", Amount::of(1000)) == "1k");
    CHECK(format_amount("memory", Amount::of(1500000)) == "1500k");
    CHECK(format_amount("memory", Amount::of(1610612736)) == "1536Mi");
    CHECK(format_amount("memory", Amount::of(0)) == "0");
    CHECK(format_amount("memory", Amount::of(-1073741824)) == "-1Gi");
    CHECK(format_amount("memory", Amount::of(k_max)) == "9223372036854775807");
    CHECK(format_amount("ephemeral-storage", Amount::of(107374182400)) == "100Gi");
    CHECK(format_amount("hugepages-2Mi", Amount::of(2097152)) == "2Mi");
    CHECK(format_amount("hugepages-1Gi", Amount::of(4294967296)) == "4Gi");
    CHECK(format_amount("memory.example.com", Amount::of(1073741824)) == "1073741824");
}

TEST_CASE("other resources print as decimal-SI integer quantities", "[model][amount]") {
    CHECK(format_amount("nvidia.com/gpu", Amount::of(10468982784)) == "10468982784");
    CHECK(format_amount("nvidia.com/gpu", Amount::of(8)) == "8");
    CHECK(format_amount("nvidia.com/gpu", Amount::of(0)) == "0");
    CHECK(format_amount("pods", Amount::of(1000)) == "1k");  // resource.NewQuantity(1000, DecimalSI)
    CHECK(format_amount("pods", Amount::of(1500)) == "1500");
    CHECK(format_amount("example.com/gpu", Amount::of(-5)) == "-5");
    // A Quantity carries at most MaxInt64 in magnitude.
    CHECK(format_amount("example.com/gpu", Amount::of(k_min)) == "-9223372036854775807");
    CHECK(format_amount("memory", Amount::of(k_min)) == "-9223372036854775807");
}

TEST_CASE("Unlimited prints as <unlimited> for every resource", "[model][amount]") {
    CHECK(format_amount("cpu", Amount::unlimited()) == "<unlimited>");
    CHECK(format_amount("memory", Amount::unlimited()) == "<unlimited>");
    CHECK(format_amount("nvidia.com/gpu", Amount::unlimited()) == "<unlimited>");
}

TEST_CASE("amounts convert back to quantities in the resource's own unit", "[model][amount]") {
    CHECK(amount_to_quantity("cpu", 1500).to_string() == "1500m");
    CHECK(amount_to_quantity("cpu", 1500) == q("1.5"));
    CHECK(amount_to_quantity("memory", 1024).to_string() == "1Ki");
    CHECK(amount_to_quantity("hugepages-2Mi", 2097152).to_string() == "2Mi");
    CHECK(amount_to_quantity("nvidia.com/gpu", 8).to_string() == "8");
    CHECK(amount_to_quantity("nvidia.com/gpu", 2000).to_string() == "2k");
    // Round trip: request -> amount -> quantity keeps the (rounded-up) value.
    CHECK(amount_to_quantity("memory", request_amount("memory", q("1.5Gi"))) == q("1.5Gi"));
    CHECK(amount_to_quantity("cpu", request_amount("cpu", q("0.0001"))) == q("1m"));
}
