// Kubernetes resource.Quantity with exact arithmetic: no floating point anywhere.
// A value is held as a signed 128-bit count of nano-units (10^-9), which covers
// every quantity Kubernetes itself can serialise; anything larger is reported as
// overflow, never wrapped. Source: k8s.io/apimachinery/pkg/api/resource.
#pragma once

#include "model/result.h"

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kg::model {

/// The suffix family a quantity was written in; canonical printing keeps it.
enum class QuantityFormat { decimal_si, binary_si, decimal_exponent };

class Quantity {
public:
    using Nanos = __int128;

    Quantity() = default;

    /// Parses Kubernetes quantity syntax: sign, digits, optional fraction, then one of
    /// n u m "" k M G T P E (decimal), Ki Mi Gi Ti Pi Ei (binary), or e/E<int> (exponent).
    /// Fractions below 1n round the magnitude up, away from zero (as Kubernetes does); BinarySI
    /// magnitudes cap at 2^63-1 units and a non-zero BinarySI value below 1 becomes DecimalSI
    /// (as ParseQuantity does). Errors read
    /// `expected a quantity such as "8", "500m" or "16Gi", found "<text>"`, or
    /// `quantity "<text>" is too large` beyond the 128-bit nano range (never a wrap).
    static Result<Quantity> parse(std::string_view text);

    static Quantity from_int(std::int64_t units, QuantityFormat f = QuantityFormat::decimal_si);
    static Quantity from_milli(std::int64_t milli);
    static Quantity from_nanos(Nanos n, QuantityFormat f = QuantityFormat::decimal_si);

    Nanos nanos() const { return m_nanos; }
    QuantityFormat format() const { return m_format; }
    bool is_zero() const { return m_nanos == 0; }
    int sign() const { return m_nanos < 0 ? -1 : (m_nanos > 0 ? 1 : 0); }

    /// Value in milli-units rounded up toward +infinity (MilliValue), saturating at int64.
    std::int64_t milli_value() const;
    /// Value in whole units rounded up toward +infinity (Value), saturating at int64.
    std::int64_t value() const;

    /// Canonical Kubernetes string ("1500m", "1Gi", "1536Mi", "1e3", "0"; DecimalSI past E: "1e21").
    std::string to_string() const;

    /// Exact sum/difference/product; nullopt on overflow of the representable range.
    std::optional<Quantity> checked_add(const Quantity& o) const;
    std::optional<Quantity> checked_sub(const Quantity& o) const;
    std::optional<Quantity> checked_mul(std::int64_t factor) const;

    friend bool operator==(const Quantity& a, const Quantity& b) { return a.m_nanos == b.m_nanos; }
    friend std::strong_ordering operator<=>(const Quantity& a, const Quantity& b) {
        return a.m_nanos < b.m_nanos ? std::strong_ordering::less
               : (a.m_nanos > b.m_nanos ? std::strong_ordering::greater : std::strong_ordering::equal);
    }

private:
    Nanos m_nanos = 0;
    QuantityFormat m_format = QuantityFormat::decimal_si;
};

}  // namespace kg::model
