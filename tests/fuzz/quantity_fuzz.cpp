// libFuzzer target for Quantity::parse (clang only; see tests/fuzz/CMakeLists.txt).
// Any byte string either parses or yields one of the two documented errors, and a
// parsed quantity keeps its invariants: the canonical text parses back to the same
// value and is a fixed point after one re-parse, the int64 accessors round up and
// saturate, and checked arithmetic is exact or reports overflow.
#include "model/quantity.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <string_view>

namespace {

using kg::model::Quantity;
using I128 = Quantity::Nanos;

void require(bool ok, const char* what, std::string_view input) {
    if (!ok) {
        std::fprintf(stderr, "invariant failed: %s (input %zu bytes: \"%.*s\")\n", what, input.size(),
                     static_cast<int>(input.size()), input.data());
        std::abort();
    }
}

std::int64_t expected_ceil(I128 nanos, I128 unit) {
    I128 q = nanos / unit;
    if (nanos % unit != 0 && nanos > 0) {
        ++q;
    }
    if (q > std::numeric_limits<std::int64_t>::max()) {
        return std::numeric_limits<std::int64_t>::max();
    }
    if (q < std::numeric_limits<std::int64_t>::min()) {
        return std::numeric_limits<std::int64_t>::min();
    }
    return static_cast<std::int64_t>(q);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    auto q = Quantity::parse(text);
    if (!q) {
        const std::string& msg = q.error().message;
        std::string quoted = "\"" + std::string(text) + "\"";
        bool expected = msg == "expected a quantity such as \"8\", \"500m\" or \"16Gi\", found " + quoted;
        bool too_large = msg == "quantity " + quoted + " is too large";
        require(expected || too_large, "error message names the input", text);
        return 0;
    }
    require(!text.empty(), "empty text parses", text);

    std::string canonical = q->to_string();
    auto back = Quantity::parse(canonical);
    require(back.has_value(), "canonical text parses", canonical);
    require(back->nanos() == q->nanos(), "canonical text keeps the value", text);
    std::string again = back->to_string();
    auto third = Quantity::parse(again);
    require(third.has_value() && third->to_string() == again, "canonical text is a fixed point", text);
    require((q->nanos() == 0) == (canonical == "0"), "zero prints as 0", text);

    require(q->value() == expected_ceil(q->nanos(), 1'000'000'000), "value rounds up and saturates", text);
    require(q->milli_value() == expected_ceil(q->nanos(), 1'000'000), "milli value rounds up and saturates", text);

    I128 doubled = 0;
    bool overflows = __builtin_add_overflow(q->nanos(), q->nanos(), &doubled);
    auto sum = q->checked_add(*q);
    require(sum.has_value() != overflows, "checked_add reports overflow exactly", text);
    require(!sum || sum->nanos() == doubled, "checked_add is exact", text);
    auto twice = q->checked_mul(2);
    require(twice.has_value() == sum.has_value() && (!twice || twice->nanos() == doubled), "mul by 2 is add", text);
    auto diff = q->checked_sub(*q);
    require(diff.has_value() && diff->is_zero(), "x - x is zero", text);
    return 0;
}
