//! Character classes of ICU MessageFormat syntax (UAX #31 Pattern_White_Space and
//! Pattern_Syntax, which ICU's `MessagePattern` uses for names, keys and spacing).

/// UAX #31 Pattern_White_Space: skipped around names, commas, keys and branches.
pub(crate) fn is_pattern_white_space(c: char) -> bool {
    matches!(
        c,
        '\u{9}'..='\u{D}' | ' ' | '\u{85}' | '\u{200E}' | '\u{200F}' | '\u{2028}' | '\u{2029}'
    )
}

/// UAX #31 Pattern_Syntax (Unicode 15 property list).
pub(crate) fn is_pattern_syntax(c: char) -> bool {
    if c.is_ascii() {
        // U+0021–002F, U+003A–0040, U+005B–005E, U+0060, U+007B–007E: ASCII punctuation but `_`.
        return c.is_ascii_punctuation() && c != '_';
    }
    matches!(c,
        '\u{A1}'..='\u{A7}' | '\u{A9}' | '\u{AB}' | '\u{AC}' | '\u{AE}' | '\u{B0}' | '\u{B1}'
        | '\u{B6}' | '\u{BB}' | '\u{BF}' | '\u{D7}' | '\u{F7}'
        | '\u{2010}'..='\u{2027}' | '\u{2030}'..='\u{203E}' | '\u{2041}'..='\u{2053}'
        | '\u{2055}'..='\u{205E}' | '\u{2190}'..='\u{245F}' | '\u{2500}'..='\u{2775}'
        | '\u{2794}'..='\u{2BFF}' | '\u{2E00}'..='\u{2E7F}' | '\u{3001}'..='\u{3003}'
        | '\u{3008}'..='\u{3020}' | '\u{3030}' | '\u{FD3E}' | '\u{FD3F}' | '\u{FE45}' | '\u{FE46}')
}

/// ICU `argName` / selector characters: anything but Pattern_White_Space and Pattern_Syntax.
pub(crate) fn is_identifier_char(c: char) -> bool {
    !is_pattern_white_space(c) && !is_pattern_syntax(c)
}

/// Tag names as FormatJS and Lingui write them: `b`, `0`, `my-link`, `x.y`, `a_b`.
pub(crate) fn is_tag_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.')
}
