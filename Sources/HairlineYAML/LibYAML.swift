internal import CYAML
import HairlineDiagnostics

// What libyaml hands over, in Hairline's types.

extension ScalarStyle {
    /// The style libyaml reports.
    init(_ style: yaml_scalar_style_t) {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: self = .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: self = .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: self = .literal
        case YAML_FOLDED_SCALAR_STYLE: self = .folded
        default: self = .plain
        }
    }
}

extension Scalar {
    /// A scalar from its bytes and style, its value resolved by the core schema: from its bytes alone where they
    /// show it is a string (most names: `t0`, `spacing`), with no look at the text made of them.
    init(bytes: UnsafeBufferPointer<UInt8>, style: ScalarStyle) {
        let text = String(decoding: bytes, as: UTF8.self)
        if style == .plain, !CoreSchema.isCertainlyString(plain: bytes) {
            self.init(text: text, style: style)
        } else {
            self.init(string: text, style: style)
        }
    }
}
