// Units and exact decimals of chargeback figures: resource-hours in each resource's unit
// (GPU-Hours, Core-Hours, GiB-Hours) and decimals from 128-bit integers, never floating point.
#include "audit/chargeback.h"

#include "model/quantity.h"

#include <algorithm>
#include <cassert>

namespace kg::audit {

namespace {

bool is_byte_resource(std::string_view r) {
    return r == "memory" || r == "ephemeral-storage" || r.starts_with("hugepages-");
}


std::string u128_to_string(unsigned __int128 v) {
    if (v == 0) return "0";
    std::string s;
    while (v != 0) {
        s.push_back(static_cast<char>('0' + static_cast<int>(v % 10)));
        v /= 10;
    }
    std::reverse(s.begin(), s.end());
    return s;
}

}  // namespace

std::string chargeback_unit(std::string_view resource) {
    if (resource == "cpu") return "Core-Hours";
    if (is_byte_resource(resource)) return "GiB-Hours";
    if (model::is_accelerator(resource)) return "GPU-Hours";
    return std::string(resource) + "-Hours";
}

__int128 chargeback_unit_milli(std::string_view resource) {
    return is_byte_resource(resource) ? (__int128(1000) << 30) : __int128(1000);
}

std::string format_decimal(__int128 num, __int128 den, int places) {
    assert(den > 0);
    const bool neg = num < 0;
    unsigned __int128 n = static_cast<unsigned __int128>((num < 0 ? -num : num));
    const auto d = static_cast<unsigned __int128>(den);
    unsigned __int128 scale = 1;
    for (int i = 0; i < places; ++i) scale *= 10;
    // round(n * scale / d), half away from zero, without forming n * scale when it is large.
    const unsigned __int128 ip = n / d, rp = n % d;
    unsigned __int128 frac = 0, r = rp;
    for (int i = 0; i < places; ++i) {
        r *= 10;
        frac = frac * 10 + r / d;
        r %= d;
    }
    unsigned __int128 whole = ip;
    if (r * 2 >= d) {
        ++frac;
        if (frac == scale) {
            frac = 0;
            ++whole;
        }
    }
    std::string s;
    if (neg && (whole != 0 || frac != 0)) s += '-';
    s += u128_to_string(whole);
    if (places > 0) {
        std::string f = u128_to_string(frac);
        s += '.';
        s.append(static_cast<std::size_t>(places) - f.size(), '0');
        s += f;
    }
    return s;
}

std::string format_unit_hours(MilliSeconds q, std::string_view resource) {
    return format_decimal(q, chargeback_unit_milli(resource) * 3600, 6);
}

}  // namespace kg::audit
