// Exact Kubernetes quantities (k8s.io/apimachinery/pkg/api/resource).
//
// Parsing accepts what both the CRD schema pattern and ParseQuantity accept:
// a sign, digits with an optional fraction (at least one digit), then a decimal
// SI suffix, a binary SI suffix or a decimal exponent. The value is computed
// exactly from the digit string; a non-zero remainder finer than 1n rounds the
// magnitude up (away from zero, as apimachinery's inf.RoundUp does). Binary SI
// magnitudes are capped at 2^63-1 units as apimachinery does; decimal values
// beyond the 128-bit nano range are an error, never a wrap.
//
// Printing follows CanonicalizeBytes: decimal forms strip factors of ten and
// align the exponent down to a multiple of three (DecimalSI past "E" falls back
// to exponent notation); binary forms strip factors of 1024, and fall back to
// decimal when the value is strictly between -1024 and 1024 or not whole.
#include "model/quantity.h"

#include <algorithm>
#include <array>
#include <limits>

namespace kg::model {

namespace {

using I128 = __int128;

constexpr I128 k_nano = 1'000'000'000;
/// apimachinery caps a parsed BinarySI magnitude at 2^63-1 units.
constexpr I128 k_binary_cap = static_cast<I128>(std::numeric_limits<std::int64_t>::max()) * k_nano;
/// More decimal digits than this cannot fit an I128 (max is about 1.7e38, 39 digits).
constexpr std::size_t k_max_i128_digits = 39;

std::string expected_quantity(std::string_view text) {
    return "expected a quantity such as \"8\", \"500m\" or \"16Gi\", found \"" + std::string(text) + "\"";
}

std::string too_large(std::string_view text) { return "quantity \"" + std::string(text) + "\" is too large"; }

bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string to_decimal(I128 v) {
    if (v == 0) {
        return "0";
    }
    bool neg = v < 0;
    // Work with negative numbers so the minimum value does not overflow on negation.
    I128 n = neg ? v : -v;
    std::string s;
    while (n != 0) {
        s.push_back(static_cast<char>('0' - static_cast<int>(n % 10)));
        n /= 10;
    }
    if (neg) {
        s.push_back('-');
    }
    return {s.rbegin(), s.rend()};
}

struct Suffix {
    QuantityFormat format = QuantityFormat::decimal_si;
    std::int64_t base10 = 0;  ///< decimal exponent (decimal SI and exponent forms)
    int base2 = 0;            ///< binary exponent in units of 2^10
};

// The suffix grammar apimachinery's interpret() accepts: a decimal SI suffix, a
// binary SI suffix, or e/E followed by a base-10 int64 with an optional sign.
bool parse_suffix(std::string_view s, Suffix& out) {
    static constexpr std::array<std::pair<std::string_view, int>, 10> k_dec{
        {{"n", -9}, {"u", -6}, {"m", -3}, {"", 0}, {"k", 3}, {"M", 6}, {"G", 9}, {"T", 12}, {"P", 15}, {"E", 18}}};
    static constexpr std::array<std::pair<std::string_view, int>, 6> k_bin{
        {{"Ki", 1}, {"Mi", 2}, {"Gi", 3}, {"Ti", 4}, {"Pi", 5}, {"Ei", 6}}};
    for (const auto& [sfx, e] : k_dec) {
        if (s == sfx) {
            out = {QuantityFormat::decimal_si, e, 0};
            return true;
        }
    }
    for (const auto& [sfx, e] : k_bin) {
        if (s == sfx) {
            out = {QuantityFormat::binary_si, 0, e};
            return true;
        }
    }
    if (s.size() < 2 || (s[0] != 'e' && s[0] != 'E')) {
        return false;
    }
    std::size_t i = 1;
    bool neg = false;
    if (s[i] == '+' || s[i] == '-') {
        neg = s[i] == '-';
        ++i;
    }
    if (i == s.size()) {
        return false;
    }
    // strconv.ParseInt(…, 10, 64): digits only, and the value must fit an int64.
    std::int64_t e = 0;
    for (; i < s.size(); ++i) {
        if (!is_digit(s[i])) {
            return false;
        }
        int d = s[i] - '0';
        if (__builtin_mul_overflow(e, 10, &e) || __builtin_add_overflow(e, neg ? -d : d, &e)) {
            return false;
        }
    }
    out = {QuantityFormat::decimal_exponent, e, 0};
    return true;
}

// digits := digits * factor, for a string of decimal digits (most significant first).
void multiply_digits(std::string& digits, int factor) {
    int carry = 0;
    for (auto it = digits.rbegin(); it != digits.rend(); ++it) {
        int v = (*it - '0') * factor + carry;
        *it = static_cast<char>('0' + v % 10);
        carry = v / 10;
    }
    while (carry > 0) {
        digits.insert(digits.begin(), static_cast<char>('0' + carry % 10));
        carry /= 10;
    }
}

// Parses a string of at most 39 digits into an I128; false when it does not fit.
bool digits_to_i128(std::string_view digits, I128& out) {
    out = 0;
    if (digits.size() > k_max_i128_digits) {
        return false;
    }
    for (char c : digits) {
        if (__builtin_mul_overflow(out, 10, &out) || __builtin_add_overflow(out, c - '0', &out)) {
            return false;
        }
    }
    return true;
}

// The magnitude in nano-units of `digits` x 10^shift, rounded up; false on overflow.
bool magnitude_in_nanos(const std::string& digits, std::int64_t shift, I128& out) {
    if (shift >= 0) {
        if (static_cast<std::uint64_t>(shift) > k_max_i128_digits ||
            digits.size() + static_cast<std::size_t>(shift) > k_max_i128_digits) {
            return false;
        }
        if (!digits_to_i128(digits, out)) {
            return false;
        }
        for (std::int64_t k = 0; k < shift; ++k) {
            if (__builtin_mul_overflow(out, 10, &out)) {
                return false;
            }
        }
        return true;
    }
    // Dropping -shift digits: the kept prefix is the integer part; any non-zero
    // dropped digit rounds the magnitude up by one nano-unit.
    std::uint64_t drop = static_cast<std::uint64_t>(-shift);
    std::size_t keep = drop >= digits.size() ? 0 : digits.size() - static_cast<std::size_t>(drop);
    bool remainder = digits.find_first_not_of('0', keep) != std::string::npos;
    if (!digits_to_i128(std::string_view(digits).substr(0, keep), out)) {
        return false;
    }
    return !remainder || !__builtin_add_overflow(out, 1, &out);
}

}  // namespace

Result<Quantity> Quantity::parse(std::string_view text) {
    // Whole units of at most 12 digits with no suffix or a decimal or binary one up to
    // T / Ti ("8", "500m", "64Gi"): what exports hold, computed directly. The general
    // path's digit-string arithmetic was a fortieth of loading a Workload export. Same
    // value and format as that path: at most 10^12 x 1024^4 x 10^9 (or 10^12 x 10^21)
    // nano-units lies far inside the I128 range both check, so only the BinarySI cap
    // can apply.
    {
        std::size_t d = 0;
        std::uint64_t units = 0;
        while (d < text.size() && d <= 12 && is_digit(text[d])) {
            units = units * 10 + static_cast<std::uint64_t>(text[d] - '0');
            ++d;
        }
        Suffix sfx;
        if (d >= 1 && d <= 12 && text.size() - d <= 2 && parse_suffix(text.substr(d), sfx) &&
            sfx.format != QuantityFormat::decimal_exponent && sfx.base10 <= 12 && sfx.base2 <= 4) {
            Quantity q;
            q.m_format = sfx.format;
            I128 magnitude = units;
            for (std::int64_t k = 0; k < sfx.base10 + 9; ++k) {
                magnitude *= 10;
            }
            for (int k = 0; k < sfx.base2; ++k) {
                magnitude *= 1024;
            }
            if (sfx.format == QuantityFormat::binary_si && magnitude > k_binary_cap) {
                magnitude = k_binary_cap;
            }
            q.m_nanos = magnitude;
            return q;
        }
    }
    std::size_t i = 0;
    bool negative = false;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) {
        negative = text[i] == '-';
        ++i;
    }
    std::size_t int_begin = i;
    while (i < text.size() && is_digit(text[i])) {
        ++i;
    }
    std::string_view int_part = text.substr(int_begin, i - int_begin);
    std::string_view frac_part;
    if (i < text.size() && text[i] == '.') {
        std::size_t frac_begin = ++i;
        while (i < text.size() && is_digit(text[i])) {
            ++i;
        }
        frac_part = text.substr(frac_begin, i - frac_begin);
    }
    // At least one digit: "", ".", "+", "-." and a bare "Mi" are not quantities.
    if (int_part.empty() && frac_part.empty()) {
        return make_error(expected_quantity(text));
    }
    Suffix sfx;
    if (!parse_suffix(text.substr(i), sfx)) {
        return make_error(expected_quantity(text));
    }

    Quantity q;
    q.m_format = sfx.format;
    std::string digits(int_part);
    digits.append(frac_part);
    std::size_t first = digits.find_first_not_of('0');
    if (first == std::string::npos) {
        return q;  // zero keeps its format, as apimachinery does ("0Mi" is BinarySI)
    }
    digits.erase(0, first);
    for (int k = 0; k < sfx.base2; ++k) {
        multiply_digits(digits, 1024);
    }
    // The exponent of the last digit, counted in nano-units. Clamping the suffix
    // exponent keeps the sum in range without changing any outcome: past ±10^12
    // every non-zero value overflows or rounds to 1n alike.
    constexpr std::int64_t k_exp_clamp = 1'000'000'000'000;
    std::int64_t exp10 = std::clamp(sfx.base10, -k_exp_clamp, k_exp_clamp);
    std::int64_t frac_len = static_cast<std::int64_t>(std::min<std::size_t>(frac_part.size(), k_exp_clamp));
    std::int64_t shift = exp10 + 9 - frac_len;

    I128 magnitude = 0;
    bool fits = magnitude_in_nanos(digits, shift, magnitude);
    if (sfx.format == QuantityFormat::binary_si) {
        if (!fits || magnitude > k_binary_cap) {
            magnitude = k_binary_cap;  // apimachinery caps BinarySI silently at 2^63-1
        }
        if (magnitude < k_nano) {
            q.m_format = QuantityFormat::decimal_si;  // a non-zero binary value below 1 prints as decimal
        }
    } else if (!fits) {
        return make_error(too_large(text));
    }
    q.m_nanos = negative ? -magnitude : magnitude;
    return q;
}

Quantity Quantity::from_int(std::int64_t units, QuantityFormat f) {
    return from_nanos(static_cast<I128>(units) * k_nano, f);
}

Quantity Quantity::from_milli(std::int64_t milli) {
    return from_nanos(static_cast<I128>(milli) * 1'000'000, QuantityFormat::decimal_si);
}

Quantity Quantity::from_nanos(Nanos n, QuantityFormat f) {
    Quantity q;
    q.m_nanos = n;
    q.m_format = f;
    return q;
}

namespace {

std::int64_t clamp_to_int64(I128 v) {
    if (v > std::numeric_limits<std::int64_t>::max()) {
        return std::numeric_limits<std::int64_t>::max();
    }
    if (v < std::numeric_limits<std::int64_t>::min()) {
        return std::numeric_limits<std::int64_t>::min();
    }
    return static_cast<std::int64_t>(v);
}

// Ceiling division (toward +infinity) for a positive divisor.
I128 div_ceil(I128 num, I128 den) {
    I128 q = num / den;
    if (num % den != 0 && num > 0) {
        ++q;
    }
    return q;
}

const char* decimal_suffix(int exp) {
    switch (exp) {
        case -9: return "n";
        case -6: return "u";
        case -3: return "m";
        case 0: return "";
        case 3: return "k";
        case 6: return "M";
        case 9: return "G";
        case 12: return "T";
        case 15: return "P";
        case 18: return "E";
        default: return nullptr;
    }
}

}  // namespace

std::int64_t Quantity::milli_value() const { return clamp_to_int64(div_ceil(m_nanos, 1'000'000)); }

std::int64_t Quantity::value() const { return clamp_to_int64(div_ceil(m_nanos, k_nano)); }

std::string Quantity::to_string() const {
    if (m_nanos == 0) {
        return "0";
    }
    QuantityFormat f = m_format;
    if (f == QuantityFormat::binary_si) {
        bool small = m_nanos > -1024 * k_nano && m_nanos < 1024 * k_nano;
        if (small || m_nanos % k_nano != 0) {
            f = QuantityFormat::decimal_si;  // a binary suffix would round: show decimal (apimachinery)
        }
    }
    if (f == QuantityFormat::binary_si) {
        I128 v = m_nanos / k_nano;
        int exp = 0;
        while (exp < 6 && v % 1024 == 0) {
            v /= 1024;
            ++exp;
        }
        static constexpr std::array<const char*, 7> k_bin{"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
        return to_decimal(v) + k_bin[static_cast<std::size_t>(exp)];
    }
    // Decimal forms: mantissa x 10^exp with factors of ten removed, exp aligned down to a multiple of 3.
    I128 mant = m_nanos;
    int exp = -9;
    while (mant % 10 == 0) {
        mant /= 10;
        ++exp;
    }
    int rem = ((exp % 3) + 3) % 3;
    for (int k = 0; k < rem; ++k) {
        mant *= 10;  // cannot overflow: this restores at most two of the factors just removed
    }
    exp -= rem;
    const char* si = f == QuantityFormat::decimal_si ? decimal_suffix(exp) : nullptr;
    if (si != nullptr) {
        return to_decimal(mant) + si;
    }
    // DecimalExponent, or DecimalSI past "E" (apimachinery falls back to "e" notation there).
    std::string out = to_decimal(mant);
    if (exp != 0) {
        out += 'e';
        out += std::to_string(exp);
    }
    return out;
}

std::optional<Quantity> Quantity::checked_add(const Quantity& o) const {
    I128 r = 0;
    if (__builtin_add_overflow(m_nanos, o.m_nanos, &r)) {
        return std::nullopt;
    }
    // Like Quantity.Add: a zero left operand takes the right operand's format.
    return from_nanos(r, m_nanos == 0 ? o.m_format : m_format);
}

std::optional<Quantity> Quantity::checked_sub(const Quantity& o) const {
    I128 r = 0;
    if (__builtin_sub_overflow(m_nanos, o.m_nanos, &r)) {
        return std::nullopt;
    }
    return from_nanos(r, m_nanos == 0 ? o.m_format : m_format);
}

std::optional<Quantity> Quantity::checked_mul(std::int64_t factor) const {
    I128 r = 0;
    if (__builtin_mul_overflow(m_nanos, static_cast<I128>(factor), &r)) {
        return std::nullopt;
    }
    return from_nanos(r, m_format);
}

}  // namespace kg::model
