// Kubernetes quantities: parsing, canonical printing and milli values driven by
// testdata/model/quantity.tsv (cases from apimachinery's quantity_test.go plus our
// own edges), then rounding, saturation, exact arithmetic and overflow.
#include "model/quantity.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using kg::model::Quantity;
using kg::model::QuantityFormat;

namespace {

using I128 = Quantity::Nanos;
constexpr std::int64_t k_max64 = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t k_min64 = std::numeric_limits<std::int64_t>::min();
constexpr I128 k_i128_max = static_cast<I128>((static_cast<unsigned __int128>(1) << 127) - 1);
constexpr I128 k_i128_min = -k_i128_max - 1;

struct Row {
    int line = 0;
    std::string input;
    std::string canonical;  ///< "error" for rows that must not parse
    std::string third;      ///< milli value, or the error message
    std::string format;
};

std::vector<Row> load_rows() {
    std::ifstream in(KG_SOURCE_DIR "/testdata/model/quantity.tsv");
    REQUIRE(in);
    std::vector<Row> rows;
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        ++n;
        if (line.empty() || line[0] == '#') {
            continue;
        }
        std::vector<std::string> cells;
        std::string cell;
        std::istringstream ss(line);
        while (std::getline(ss, cell, '\t')) {
            cells.push_back(cell);
        }
        INFO("testdata/model/quantity.tsv:" << n << ": " << line);
        REQUIRE(cells.size() >= 3);
        if (cells[1] != "error") {
            REQUIRE(cells.size() == 4);
        }
        cells.resize(4);
        rows.push_back({n, cells[0], cells[1], cells[2], cells[3]});
    }
    return rows;
}

const char* format_name(QuantityFormat f) {
    switch (f) {
        case QuantityFormat::decimal_si: return "decimal_si";
        case QuantityFormat::binary_si: return "binary_si";
        case QuantityFormat::decimal_exponent: return "decimal_exponent";
    }
    return "?";
}

Quantity parsed(std::string_view text) {
    auto q = Quantity::parse(text);
    INFO("parsing '" << text << "'");
    REQUIRE(q.has_value());
    return *q;
}

}  // namespace

TEST_CASE("every quantity in the table parses, prints canonically and converts as Kubernetes does",
          "[model][quantity]") {
    auto rows = load_rows();
    CHECK(rows.size() > 200);
    for (const Row& r : rows) {
        INFO("testdata/model/quantity.tsv:" << r.line << ": '" << r.input << "'");
        auto q = Quantity::parse(r.input);
        if (r.canonical == "error") {
            REQUIRE_FALSE(q.has_value());
            CHECK(q.error().message == r.third);
            continue;
        }
        REQUIRE(q.has_value());
        CHECK(q->to_string() == r.canonical);
        CHECK(std::to_string(q->milli_value()) == r.third);
        CHECK(format_name(q->format()) == r.format);
        // The canonical text is itself a quantity of the same value, and is a fixed point.
        auto again = Quantity::parse(q->to_string());
        REQUIRE(again.has_value());
        CHECK(again->nanos() == q->nanos());
        CHECK(again->to_string() == r.canonical);
    }
}

TEST_CASE("a leading minus negates every table value and a leading plus changes nothing", "[model][quantity]") {
    for (const Row& r : load_rows()) {
        if (!r.input.empty() && (r.input[0] == '-' || r.input[0] == '+')) {
            continue;
        }
        INFO("testdata/model/quantity.tsv:" << r.line << ": '" << r.input << "'");
        auto neg = Quantity::parse("-" + r.input);
        auto pos = Quantity::parse("+" + r.input);
        if (r.canonical == "error") {
            CHECK_FALSE(neg.has_value());
            CHECK_FALSE(pos.has_value());
            continue;
        }
        auto q = parsed(r.input);
        REQUIRE(neg.has_value());
        REQUIRE(pos.has_value());
        CHECK(neg->nanos() == -q.nanos());
        CHECK(neg->format() == q.format());
        CHECK(neg->to_string() == (q.is_zero() ? "0" : "-" + r.canonical));
        CHECK(pos->nanos() == q.nanos());
        CHECK(pos->format() == q.format());
        CHECK(pos->to_string() == r.canonical);
    }
}

TEST_CASE("whitespace and control characters anywhere make the text not a quantity", "[model][quantity]") {
    for (std::string_view text : {"\t1", "1\t", "1\n", "\n", "1\r", " ", "1 Gi", "1Gi ", "- 1"}) {
        INFO("'" << text << "'");
        auto q = Quantity::parse(text);
        REQUIRE_FALSE(q.has_value());
        CHECK(q.error().message ==
              "expected a quantity such as \"8\", \"500m\" or \"16Gi\", found \"" + std::string(text) + "\"");
    }
    using namespace std::string_view_literals;
    CHECK_FALSE(Quantity::parse("1\0"sv).has_value());
    CHECK_FALSE(Quantity::parse("\0"sv).has_value());
}

TEST_CASE("whole units take the direct path to the value and format of the general one", "[model][quantity]") {
    // "N<suffix>" (at most 12 digits) is computed directly; "N.0<suffix>" goes through
    // the digit-string arithmetic. Both must agree on value and format, at every suffix
    // either path takes, around the direct path's limits and the BinarySI cap.
    const char* numbers[] = {"0", "000", "1", "7", "08", "999", "1000", "1023", "1024", "65536", "999999999999",
                             "000000000001", "123456789012", "9999999999999", "8796093022208"};
    const char* suffixes[] = {"", "n", "u", "m", "k", "M", "G", "T", "P", "E", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei",
                              "e3", "E2"};
    for (const char* n : numbers) {
        for (const char* sfx : suffixes) {
            std::string direct = std::string(n) + sfx;
            std::string general = std::string(n) + ".0" + sfx;
            INFO(direct);
            auto a = Quantity::parse(direct);
            auto b = Quantity::parse(general);
            REQUIRE(a.has_value() == b.has_value());
            if (a) {
                CHECK(a->nanos() == b->nanos());
                CHECK(a->format() == b->format());
                CHECK(a->to_string() == b->to_string());
            }
        }
    }
    CHECK(parsed("64Gi").to_string() == "64Gi");
    CHECK(parsed("500m").milli_value() == 500);
    CHECK(parsed("999999999999Ti").to_string() == "9223372036854775807");  // capped, as apimachinery caps it
}

TEST_CASE("very long inputs are handled exactly and never crash", "[model][quantity]") {
    // A thousand digits of fraction: exact rounding, not a truncation to some precision.
    std::string fraction = "1." + std::string(1000, '0') + "1";
    CHECK(parsed(fraction).to_string() == "1000000001n");
    std::string zeros = "0." + std::string(1000, '0');
    CHECK(parsed(zeros).is_zero());
    // A thousand-digit integer scaled back into range by an exponent.
    std::string scaled = "1" + std::string(1000, '0') + "e-1000";
    CHECK(parsed(scaled).to_string() == "1");
    // A thousand-digit integer without one is simply too large, binary ones are capped.
    std::string big(1000, '9');
    CHECK(Quantity::parse(big).error().message == "quantity \"" + big + "\" is too large");
    CHECK(parsed(big + "Ki").to_string() == "9223372036854775807");
}

TEST_CASE("value and milli value round up toward positive infinity", "[model][quantity]") {
    CHECK(parsed("1500m").value() == 2);
    CHECK(parsed("100m").value() == 1);
    CHECK(parsed("1n").value() == 1);
    CHECK(parsed("2").value() == 2);
    CHECK(parsed("0").value() == 0);
    CHECK(parsed("-1500m").value() == -1);
    CHECK(parsed("-1n").value() == 0);
    CHECK(parsed("-2").value() == -2);
    CHECK(parsed("0.0001").milli_value() == 1);
    CHECK(parsed("1.0001").milli_value() == 1001);
    CHECK(parsed("-1.0001").milli_value() == -1000);
    CHECK(parsed("1Gi").value() == 1073741824);
    CHECK(parsed("9223372036854775807").value() == k_max64);
}

TEST_CASE("value and milli value saturate at the int64 limits instead of wrapping", "[model][quantity]") {
    CHECK(parsed("9223372036854775808").value() == k_max64);
    CHECK(parsed("9223372036854775807").milli_value() == k_max64);
    CHECK(parsed("9223372036854775807m").milli_value() == k_max64);
    CHECK(parsed("9223372036854775.807").milli_value() == k_max64);
    CHECK(parsed("9223372036854775.808").milli_value() == k_max64);
    CHECK(parsed("9223372036854775.806").milli_value() == k_max64 - 1);
    CHECK(parsed("-9223372036854775808").value() == k_min64);
    CHECK(parsed("-9223372036854775809").value() == k_min64);
    CHECK(parsed("-1e20").milli_value() == k_min64);
    CHECK(Quantity::from_nanos(k_i128_max).value() == k_max64);
    CHECK(Quantity::from_nanos(k_i128_min).milli_value() == k_min64);
}

TEST_CASE("quantities compare by value regardless of suffix or format", "[model][quantity]") {
    CHECK(parsed("1Gi") == parsed("1073741824"));
    CHECK(parsed("1k") == parsed("1e3"));
    CHECK(parsed("1000m") == parsed("1"));
    CHECK(parsed("0") == parsed("0Mi"));
    CHECK(parsed("999m") < parsed("1"));
    CHECK(parsed("1G") < parsed("1Gi"));
    CHECK(parsed("100m") > parsed("50m"));
    CHECK(parsed("10000T") > parsed("100Gi"));  // TestQuantityCmp
    CHECK(parsed("-1") < parsed("0"));
    CHECK(parsed("-1Ki") < parsed("-1k"));
    CHECK(parsed("1n") != parsed("2n"));
}

TEST_CASE("sign and zero are reported", "[model][quantity]") {
    CHECK(parsed("0Gi").is_zero());
    CHECK(parsed("0Gi").sign() == 0);
    CHECK(parsed("-0.5").sign() == -1);
    CHECK(parsed("1n").sign() == 1);
    CHECK_FALSE(parsed("1n").is_zero());
    CHECK(Quantity().is_zero());
    CHECK(Quantity().to_string() == "0");
    CHECK(Quantity().format() == QuantityFormat::decimal_si);
}

TEST_CASE("quantities built from integers print in the format they were given", "[model][quantity]") {
    // TestNewSet and TestMilliNewSet in apimachinery.
    CHECK(Quantity::from_int(1).to_string() == "1");
    CHECK(Quantity::from_int(1000).to_string() == "1k");
    CHECK(Quantity::from_int(1234000).to_string() == "1234k");
    CHECK(Quantity::from_int(1024, QuantityFormat::binary_si).to_string() == "1Ki");
    CHECK(Quantity::from_int(1024 * 1024, QuantityFormat::binary_si).to_string() == "1Mi");
    CHECK(Quantity::from_int(1000000, QuantityFormat::decimal_exponent).to_string() == "1e6");
    CHECK(Quantity::from_int(2048, QuantityFormat::binary_si).to_string() == "2Ki");
    CHECK(Quantity::from_int(1000000000, QuantityFormat::binary_si).to_string() == "1000000000");
    CHECK(Quantity::from_int(k_max64).to_string() == "9223372036854775807");
    CHECK(Quantity::from_int(k_min64).to_string() == "-9223372036854775808");
    CHECK(Quantity::from_milli(1).to_string() == "1m");
    CHECK(Quantity::from_milli(1000).to_string() == "1");
    CHECK(Quantity::from_milli(1234000).to_string() == "1234");
    CHECK(Quantity::from_milli(1500).to_string() == "1500m");
    CHECK(Quantity::from_milli(k_max64).to_string() == "9223372036854775807m");
    CHECK(Quantity::from_milli(9223372036854775000).to_string() == "9223372036854775");
    CHECK(Quantity::from_milli(-1500).milli_value() == -1500);
}

TEST_CASE("binary values below 1024 or not whole print as decimal", "[model][quantity]") {
    // CanonicalizeBytes: BinarySI strictly between -1024 and 1024, or with a fraction, is DecimalSI.
    CHECK(Quantity::from_nanos(100'000'000, QuantityFormat::binary_si).to_string() == "100m");
    CHECK(Quantity::from_nanos(500'000'000, QuantityFormat::binary_si).to_string() == "500m");
    CHECK(Quantity::from_int(5, QuantityFormat::binary_si).to_string() == "5");
    CHECK(Quantity::from_int(1000, QuantityFormat::binary_si).to_string() == "1k");
    CHECK(Quantity::from_int(1023, QuantityFormat::binary_si).to_string() == "1023");
    CHECK(Quantity::from_int(-1023, QuantityFormat::binary_si).to_string() == "-1023");
    CHECK(Quantity::from_int(-1024, QuantityFormat::binary_si).to_string() == "-1Ki");
    CHECK(Quantity::from_int(1025, QuantityFormat::binary_si).to_string() == "1025");
    CHECK(Quantity::from_milli(1024 * 1000 + 1).to_string() == "1024001m");
    CHECK(Quantity::from_nanos(I128{1024} * 1'000'000'000 + 1, QuantityFormat::binary_si).to_string() ==
          "1024000000001n");
}

TEST_CASE("printing covers the whole 128-bit range", "[model][quantity]") {
    CHECK(Quantity::from_nanos(k_i128_max).to_string() == "170141183460469231731687303715884105727n");
    CHECK(Quantity::from_nanos(k_i128_min).to_string() == "-170141183460469231731687303715884105728n");
    CHECK(Quantity::from_nanos(k_i128_min, QuantityFormat::decimal_exponent).to_string() ==
          "-170141183460469231731687303715884105728e-9");
    CHECK(Quantity::from_nanos(k_i128_min, QuantityFormat::binary_si).to_string() ==
          "-170141183460469231731687303715884105728n");
    // Past "Ei" there is no binary suffix: the mantissa grows instead.
    I128 two_pow_70 = static_cast<I128>(1) << 70;
    CHECK(Quantity::from_nanos(two_pow_70 * 1'000'000'000, QuantityFormat::binary_si).to_string() == "1024Ei");
    CHECK(Quantity::from_nanos(I128{1'000'000'000'000'000'000} * 1'000'000'000'000'000'000).to_string() == "1e27");
}

TEST_CASE("canonical strings of random values parse back to the same value", "[model][quantity]") {
    std::mt19937_64 rng(20261123);
    for (int i = 0; i < 20000; ++i) {
        auto hi = static_cast<std::int64_t>(rng());
        std::uint64_t lo = rng();
        int shape = static_cast<int>(rng() % 4);
        I128 n = 0;
        if (shape == 0) {
            n = (static_cast<I128>(hi) << 64) | lo;  // anything in range
        } else if (shape == 1) {
            n = static_cast<I128>(hi) * 1'000'000'000;  // whole units
        } else if (shape == 2) {
            n = static_cast<I128>(static_cast<std::int64_t>(lo % 2048) - 1024) * (I128{1} << (10 * (rng() % 6)));
            n *= 1'000'000'000;  // binary-friendly whole units
        } else {
            n = static_cast<I128>(hi % 1000);
            for (unsigned k = rng() % 30; k > 0; --k) {
                n *= 10;  // round decimal values
            }
        }
        auto f = static_cast<QuantityFormat>(rng() % 3);
        if (f == QuantityFormat::binary_si) {
            // Parsing caps binary magnitudes at 2^63-1 units; keep within the cap.
            I128 cap = static_cast<I128>(k_max64) * 1'000'000'000;
            if (n > cap || n < -cap) {
                n %= cap;
            }
        }
        Quantity q = Quantity::from_nanos(n, f);
        std::string text = q.to_string();
        INFO("nanos " << static_cast<double>(n) << " format " << format_name(f) << " text " << text);
        auto back = Quantity::parse(text);
        REQUIRE(back.has_value());
        REQUIRE(back->nanos() == n);
        // Binary text without a suffix ("1025") re-parses as decimal and may print shorter
        // ("3630000" -> "3630k"); from there on the canonical text is a fixed point.
        if (f != QuantityFormat::binary_si) {
            REQUIRE(back->to_string() == text);
        }
        auto twice = Quantity::parse(back->to_string());
        REQUIRE(twice.has_value());
        REQUIRE(twice->to_string() == back->to_string());
    }
}

TEST_CASE("arithmetic is exact", "[model][quantity]") {
    auto a = parsed("1.5");
    auto b = parsed("250m");
    CHECK(a.checked_add(b)->to_string() == "1750m");
    CHECK(a.checked_sub(b)->to_string() == "1250m");
    CHECK(b.checked_sub(a)->to_string() == "-1250m");
    CHECK(b.checked_mul(4)->to_string() == "1");
    CHECK(b.checked_mul(-4)->to_string() == "-1");
    CHECK(b.checked_mul(0)->is_zero());
    CHECK(parsed("1n").checked_add(parsed("1Ei"))->nanos() == (static_cast<I128>(1) << 60) * 1'000'000'000 + 1);
    CHECK(parsed("1Gi").checked_sub(parsed("1Gi"))->to_string() == "0");
    CHECK(parsed("0.1").checked_add(parsed("0.2"))->to_string() == "300m");  // no floating point anywhere
}

TEST_CASE("arithmetic keeps the format as apimachinery's Add and Sub do", "[model][quantity]") {
    auto gi = parsed("1Gi");
    auto zero = parsed("0");
    CHECK(gi.checked_add(zero)->to_string() == "1Gi");
    CHECK(zero.checked_add(gi)->to_string() == "1Gi");  // a zero takes the other operand's format
    CHECK(zero.checked_sub(gi)->to_string() == "-1Gi");
    CHECK(gi.checked_sub(zero)->to_string() == "1Gi");
    CHECK(parsed("100m").checked_add(zero)->to_string() == "100m");
    CHECK(gi.checked_mul(3)->to_string() == "3Gi");
    CHECK(parsed("1e3").checked_mul(2)->to_string() == "2e3");
}

TEST_CASE("arithmetic reports overflow of the 128-bit range instead of wrapping", "[model][quantity]") {
    auto huge = parsed("100000000000E");  // 1e29 units: near the top of the range
    CHECK_FALSE(huge.checked_mul(1000000000).has_value());
    CHECK_FALSE(huge.checked_add(huge).has_value());
    CHECK_FALSE(huge.checked_mul(2).has_value());
    CHECK(huge.checked_mul(1).has_value());
    auto max = Quantity::from_nanos(k_i128_max);
    auto min = Quantity::from_nanos(k_i128_min);
    auto one = Quantity::from_nanos(1);
    CHECK_FALSE(max.checked_add(one).has_value());
    CHECK_FALSE(min.checked_sub(one).has_value());
    CHECK_FALSE(Quantity().checked_sub(min).has_value());
    CHECK_FALSE(min.checked_mul(-1).has_value());
    CHECK(one.checked_mul(k_min64)->checked_mul(k_max64).has_value());
    CHECK_FALSE(one.checked_mul(k_min64)->checked_mul(k_min64)->checked_mul(2).has_value());  // 2^127
    CHECK(max.checked_sub(max)->is_zero());
    CHECK(min.checked_add(max)->nanos() == -1);
    CHECK(max.checked_mul(-1)->nanos() == -k_i128_max);
    CHECK(one.checked_mul(k_min64)->nanos() == k_min64);
}
