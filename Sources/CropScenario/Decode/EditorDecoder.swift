import CropGeometry
import CropJSON

/// Limits of docs/commands.md, checked before anything is allocated.
package enum Limits {
    package static let maxViewportPixels = 8192
    package static let maxImageSide = 16384
    package static let maxImagePixels = 100_000_000
    package static let maxFrames = 100_000
    /// The largest scenario file read (a recorded 10-minute two-finger session at 120 fps is
    /// about 4 MB as `touches`).
    package static let maxScenarioBytes = 16 * 1024 * 1024
    /// The largest image file read (a 100 MP PNG compresses well below this).
    package static let maxImageFileBytes = 256 * 1024 * 1024
    /// Coordinates, translations, velocities and sizes in points (or image pixels): within
    /// +-1e6, far beyond any screen, so no sum or product of them overflows.
    package static let maxCoordinate = 1_000_000.0
    /// Pinch scales and zoom limits: from 1/1000 to 1000.
    package static let minScale = 0.001
    package static let maxScale = 1000.0
    /// Face boxes per scenario.
    package static let maxFaces = 1000
    /// Seconds for durations, holds, waits and fades.
    package static let maxSeconds = 10_000.0
    /// Aspects, the rubber-band constant and a spring's damping ratio: within (0, 1e6].
    package static let maxRatio = 1_000_000.0
}

/// Decodes the merged `editor` object (preset + user overrides), filling defaults (docs/scenarios.md).
struct EditorDecoder {
    static let keys = Keys.editor
    /// Registered policy and curve names a scenario may use.
    var extensions = ExtensionNames.none

    func decode(_ field: Field?) throws(ScenarioError) -> EditorConfig {
        let f = try field?.object(allowed: Self.keys) ?? [:]
        let viewport = try decodeViewport(f["viewport"])
        let frame = try decodeFrame(f["frame"])
        if let problem = frame.misfit(viewportWidth: viewport.width, viewportHeight: viewport.height) {
            let place = field.map { $0.path.isEmpty ? "frame" : "\($0.path).frame" } ?? "editor.frame"
            throw ScenarioError(file: field?.file ?? "", place: place, message: problem)
        }
        let constraint = try f["constraint"]?.choice(Constraint.self) ?? .frame
        let rotation = try decodeRotation(f["rotation"])
        if rotation.gesture, constraint == .viewport, let r = f["rotation"] {
            throw r.child("gesture", r.node).error(
                "the rotation gesture turns the photo by an angle, which needs constraint \"frame\" or"
                    + " \"none\" (this editor has \"viewport\")"
            )
        }
        return EditorConfig(
            viewport: viewport,
            background: try f["background"]?.color() ?? .black,
            image: try decodeImage(f["image"]),
            fit: try f["fit"]?.choice(Fit.self) ?? .aspectFill,
            frame: frame,
            mask: try decodeMask(f["mask"]),
            border: try decodeBorder(f["border"]),
            grid: try decodeGrid(f["grid"]),
            zoom: try decodeZoom(f["zoom"]),
            constraint: constraint,
            policy: try decodePolicy(f["policy"]),
            faces: try decodeFaces(f["faces"]),
            crop: try decodeCrop(f["crop"]),
            rotation: rotation,
            refit: try decodeRefit(f["refit"]),
            doubleTap: try decodeDoubleTap(f["doubleTap"]),
            turnBox: try decodeTurn(f["turn"])
        )
    }

    func decodeViewport(_ field: Field?) throws(ScenarioError) -> ViewportSpec {
        let f = try field?.object(allowed: Keys.viewport) ?? [:]
        let scale = try f["scale"]?.integer(min: 1, max: 4) ?? 1
        let width =
            try f["width"]?.number(min: 0, max: Double(Limits.maxViewportPixels), minExclusive: true, what: "a width")
            ?? 390
        let height =
            try f["height"]?.number(min: 0, max: Double(Limits.maxViewportPixels), minExclusive: true, what: "a height")
            ?? 844
        try Self.checkViewportPixels(width: width, height: height, scale: scale, field: field)
        return ViewportSpec(width: width, height: height, scale: scale)
    }

    /// `width*scale` and `height*scale` must be whole pixels within the limit.
    static func checkViewportPixels(width: Double, height: Double, scale: Int, field: Field?) throws(ScenarioError) {
        for (name, value) in [("width", width), ("height", height)] {
            let pixels = value * Double(scale)
            let place = field.map { $0.path.isEmpty ? name : "\($0.path).\(name)" }
            if pixels > Double(Limits.maxViewportPixels) {
                throw ScenarioError(
                    file: field?.file ?? "", place: place,
                    message:
                        "viewport \(name) is \(JSONNumber.format(pixels)) pixels after scale \(scale); the"
                        + " limit is \(Limits.maxViewportPixels)"
                )
            }
            if pixels != pixels.rounded() {
                throw ScenarioError(
                    file: field?.file ?? "", place: place,
                    message:
                        "expected \(name) * scale to be whole pixels, got \(JSONNumber.format(value)) *"
                        + " \(scale) = \(JSONNumber.format(pixels))"
                )
            }
        }
    }

    func decodeImage(_ field: Field?) throws(ScenarioError) -> ImageSource {
        guard let field else { return .testcard(width: 1600, height: 1200) }
        let f = try field.object(allowed: Keys.image)
        if let file = f["file"] {
            if f["testcard"] != nil { throw field.error("expected either \"file\" or \"testcard\", not both") }
            let path = try file.string()
            if path.isEmpty { throw file.error("expected a file path, got an empty string") }
            if path.utf8.contains(0) { throw file.error("expected a file path, got one with a NUL character") }
            return .file(path)
        }
        if let card = f["testcard"] {
            let items = try card.array()
            guard items.count == 2 else { throw card.error("expected [width, height], got \(items.count) items") }
            let w = try items[0].integer(min: 2, max: Limits.maxImageSide)
            let h = try items[1].integer(min: 2, max: Limits.maxImageSide)
            try Self.checkImageSize(width: w, height: h) { card.error($0) }
            return .testcard(width: w, height: h)
        }
        throw field.error("expected {\"file\": \"path.png\"} or {\"testcard\": [width, height]}")
    }

    /// The image size limits (16384 per side, 100 MP).
    package static func checkImageSize(width: Int, height: Int, error: (String) -> ScenarioError) throws(ScenarioError)
    {
        if width > Limits.maxImageSide || height > Limits.maxImageSide {
            throw error("image is \(width)x\(height); the limit is \(Limits.maxImageSide)x\(Limits.maxImageSide)")
        }
        if width * height > Limits.maxImagePixels {
            throw error("image is \(width)x\(height) = \(width * height) pixels; the limit is 100 MP")
        }
    }

    func decodeFrame(_ field: Field?) throws(ScenarioError) -> FrameSpec {
        let f = try field?.object(allowed: Keys.frame) ?? [:]
        let shape = try f["shape"]?.choice(FrameShape.self) ?? .rect
        var size: Size?
        if let s = f["size"], !s.isNull {
            let (w, h) = try s.pair()
            guard w > 0, h > 0 else {
                throw s.error(
                    "expected a size [width, height] > 0, got [\(JSONNumber.format(w)), \(JSONNumber.format(h))]")
            }
            if shape == .circle, w != h {
                throw s.error(
                    "a circle frame given by size must be square, got [\(JSONNumber.format(w)),"
                        + " \(JSONNumber.format(h))]"
                )
            }
            size = Size(w, h)
        }
        var aspect = FrameAspect.ratio(Size(1, 1))
        if let a = f["aspect"], !a.isNull {
            if size != nil { throw a.error("expected either \"size\" or \"aspect\", not both") }
            if case .string(let s) = a.node.value {
                guard s == "image" else { throw a.error("expected [w, h] or \"image\", got \"\(Echo.cap(s))\"") }
                aspect = .image
            } else {
                let (w, h) = try a.pair()
                guard w > 0, h > 0 else {
                    throw a.error(
                        "expected an aspect [w, h] > 0, got [\(JSONNumber.format(w)), \(JSONNumber.format(h))]")
                }
                aspect = .ratio(Size(w, h))
            }
        }
        let margin = try f["margin"]?.number(min: 0, max: Limits.maxCoordinate, what: "a margin") ?? 0
        let radius = try f["cornerRadius"]?.number(min: 0, max: Limits.maxCoordinate, what: "a radius") ?? 12
        var minSize = Size(44, 44)
        if let m = f["minSize"] {
            let (w, h) = try m.pair()
            guard w > 0, h > 0 else {
                throw m.error(
                    "expected a minimum size [width, height] > 0, got [\(JSONNumber.format(w)),"
                        + " \(JSONNumber.format(h))]"
                )
            }
            minSize = Size(w, h)
        }
        return FrameSpec(
            shape: shape, size: size, aspectRule: aspect, margin: margin, cornerRadius: radius,
            resizable: try f["resizable"]?.bool() ?? false, lockAspect: try f["lockAspect"]?.bool() ?? false,
            minSize: minSize,
            handles: try f["handles"]?.choice(BoxHandles.self) ?? .cornersAndEdges,
            handleSize: try f["handleSize"]?.number(min: 0, max: Limits.maxCoordinate, what: "a handle size") ?? 44)
    }

    func decodeRotation(_ field: Field?) throws(ScenarioError) -> RotationSpec {
        let f = try field?.object(allowed: Keys.rotation) ?? [:]
        var limit: Double? = 45
        if let l = f["limit"] {
            limit = l.isNull ? nil : try l.number(min: 0, max: Limits.maxCoordinate, what: "a limit in degrees")
        }
        return RotationSpec(
            gesture: try f["gesture"]?.bool() ?? false, limit: limit, autoCover: try f["autoCover"]?.bool() ?? false)
    }

    func decodeRefit(_ field: Field?) throws(ScenarioError) -> RefitSpec {
        let f = try field?.object(allowed: Keys.refit) ?? [:]
        return RefitSpec(
            delay: try f["delay"]?.number(min: 0, max: Limits.maxSeconds, what: "a delay in seconds") ?? 0.8,
            animation: try f["animation"].map { (a: Field) throws(ScenarioError) -> AnimationCurve in
                try decodeAnimation(a)
            }
                ?? .easeInOut(duration: 0.5))
    }

    func decodeDoubleTap(_ field: Field?) throws(ScenarioError) -> DoubleTapSpec {
        let f = try field?.object(allowed: Keys.doubleTap) ?? [:]
        return DoubleTapSpec(
            action: try f["action"]?.choice(DoubleTapAction.self) ?? .none,
            factor: try f["factor"]?.number(min: 0, max: Limits.maxScale, minExclusive: true, what: "a factor") ?? 2)
    }

    func decodeTurn(_ field: Field?) throws(ScenarioError) -> TurnBox? {
        let f = try field?.object(allowed: Keys.turn) ?? [:]
        return try f["box"]?.choice(TurnBox.self)
    }

    func decodeMask(_ field: Field?) throws(ScenarioError) -> MaskSpec {
        let f = try field?.object(allowed: Keys.mask) ?? [:]
        return MaskSpec(
            color: try f["color"]?.color() ?? .black,
            opacity: try f["opacity"]?.number(min: 0, max: 1, what: "an opacity") ?? 0.8,
            region: try f["region"]?.choice(MaskRegion.self) ?? .outside,
            visibility: try f["visibility"]?.choice(MaskVisibility.self) ?? .always,
            fade: try f["fade"]?.number(min: 0, max: Limits.maxSeconds, what: "a duration") ?? 0
        )
    }

    func decodeBorder(_ field: Field?) throws(ScenarioError) -> BorderSpec? {
        if let field, field.isNull { return nil }
        let f = try field?.object(allowed: Keys.border) ?? [:]
        var dash: [Double] = []
        if let d = f["dash"], !d.isNull {
            for item in try d.array() {
                dash.append(try item.number(min: 0, max: Limits.maxCoordinate, what: "a dash length"))
            }
            if !dash.isEmpty, !(dash.reduce(0, +) > 0) { throw d.error("expected dash lengths whose sum is > 0") }
            if dash.count > 64 { throw d.error("expected at most 64 dash lengths, got \(dash.count)") }
        }
        return BorderSpec(
            color: try f["color"]?.color() ?? .white,
            opacity: try f["opacity"]?.number(min: 0, max: 1, what: "an opacity") ?? 1,
            width: try f["width"]?.number(min: 0, max: 1000, what: "a width") ?? 2,
            position: try f["position"]?.choice(BorderPosition.self) ?? .center,
            dash: dash
        )
    }

    func decodeGrid(_ field: Field?) throws(ScenarioError) -> GridSpec? {
        guard let field, !field.isNull else { return nil }
        let f = try field.object(allowed: Keys.grid)
        return GridSpec(
            lines: try f["lines"]?.integer(min: 1, max: 100) ?? 2,
            color: try f["color"]?.color() ?? .white,
            opacity: try f["opacity"]?.number(min: 0, max: 1, what: "an opacity") ?? 0.5,
            width: try f["width"]?.number(min: 0, max: 1000, what: "a width") ?? 1,
            visibility: try f["visibility"]?.choice(GridVisibility.self) ?? .always
        )
    }

    func decodeZoom(_ field: Field?) throws(ScenarioError) -> ZoomSpec {
        let f = try field?.object(allowed: Keys.zoom) ?? [:]
        var minZoom: ZoomMin? = .value(1)
        if let m = f["min"] {
            if m.isNull {
                minZoom = nil
            } else if case .string(let s) = m.node.value {
                guard s == "cover" else {
                    throw m.error("expected a number > 0, \"cover\" or null, got \"\(Echo.cap(s))\"")
                }
                minZoom = .cover
            } else {
                minZoom = .value(try m.scale(what: "a zoom"))
            }
        }
        var maxZoom: Double? = 10
        if let m = f["max"] { maxZoom = m.isNull ? nil : try m.scale(what: "a zoom") }
        return ZoomSpec(
            base: try f["base"]?.choice(ZoomBase.self) ?? .fit,
            min: minZoom,
            max: maxZoom,
            anchor: try f["anchor"]?.choice(ZoomAnchor.self) ?? .focal
        )
    }

    func decodePolicy(_ field: Field?) throws(ScenarioError) -> PolicySpec {
        let f = try field?.object(allowed: Keys.policy) ?? [:]
        var momentum: Double?
        if let m = f["momentum"], !m.isNull {
            let r = try m.number()
            guard r > 0, r < 1 else {
                throw m.error("expected a deceleration rate above 0 and below 1, got \(JSONNumber.format(r))")
            }
            momentum = r
        }
        var kind = PolicyKind.rollback
        if let k = f["kind"] {
            let name = try k.string()
            kind = PolicyKind(rawValue: name)
            if !kind.isBuiltIn && !extensions.policies.contains(name) {
                let options = PolicyKind.allCases.map(\.rawValue) + extensions.policies
                let hint = Suggest.closest(name, in: options).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw k.error(
                    "unknown policy \"\(Echo.cap(name))\"\(hint); expected one of"
                        + " \(options.map { "\"\($0)\"" }.joined(separator: ", "))"
                )
            }
        }
        var parameters = Parameters.empty(place: (field?.path ?? "editor.policy") + ".params")
        if let p = f["params"] {
            guard !kind.isBuiltIn else {
                throw p.error(
                    "\"params\" are for registered policies; the built-in policy \"\(kind.rawValue)\" takes none")
            }
            try p.requireObject()
            parameters = Parameters(field: p)
        }
        return PolicySpec(
            kind: kind,
            rollback: try f["rollback"]?.choice(RollbackMode.self) ?? .whole,
            onCancel: try f["onCancel"]?.choice(CancelRule.self) ?? .settle,
            momentum: momentum,
            rubberBand: try f["rubberBand"]?.number(
                min: 0, max: Limits.maxRatio, minExclusive: true, what: "a rubber-band constant")
                ?? 0.55,
            animation: try decodeAnimation(f["animation"]),
            parameters: parameters
        )
    }

    func decodeAnimation(_ field: Field?) throws(ScenarioError) -> AnimationCurve {
        guard let field else { return .none }
        let all = try field.object(allowed: Keys.animation)
        guard let curveField = all["curve"] else {
            throw field.error("expected a \"curve\": \"none\", \"linear\", \"easeOut\", \"easeInOut\" or \"spring\"")
        }
        let curve = try curveField.string()
        func only(_ keys: [String]) throws(ScenarioError) {
            for key in all.keys where key != "curve" && !keys.contains(key) {
                throw all[key]!.error(
                    "unknown key \"\(Echo.cap(key))\" for curve \"\(Echo.cap(curve))\"; expected"
                        + " \(keys.isEmpty ? "no other keys" : keys.joined(separator: ", "))"
                )
            }
        }
        if extensions.curves.contains(curve) {
            var parameters = Parameters.empty(place: field.path + ".params")
            for key in all.keys where key != "curve" && key != "params" {
                throw all[key]!.error(
                    "unknown key \"\(Echo.cap(key))\" for the registered curve \"\(Echo.cap(curve))\";"
                        + " expected \"params\""
                )
            }
            if let p = all["params"] {
                try p.requireObject()
                parameters = Parameters(field: p)
            }
            return .custom(Extension(name: curve, parameters: parameters))
        }
        if let p = all["params"] {
            throw p.error("\"params\" are for registered curves; the built-in curve \"\(Echo.cap(curve))\" takes none")
        }
        switch curve {
        case "none":
            try only([])
            return .none
        case "linear", "easeOut", "easeInOut":
            try only(["duration"])
            let d = try all["duration"]?.number(min: 0, max: Limits.maxSeconds, what: "a duration") ?? 0.25
            switch curve {
            case "linear": return .linear(duration: d)
            case "easeOut": return .easeOut(duration: d)
            default: return .easeInOut(duration: d)
            }
        case "spring":
            try only(["response", "dampingRatio"])
            return .spring(
                response: try all["response"]?.number(min: 0, max: Limits.maxSeconds, what: "a response in seconds")
                    ?? 0.35,
                dampingRatio: try all["dampingRatio"]?.number(
                    min: 0, max: Limits.maxRatio, minExclusive: true, what: "a damping ratio") ?? 1.0
            )
        default:
            let options = Keys.curves + extensions.curves
            let hint = Suggest.closest(curve, in: options).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw curveField.error(
                "expected one of \"none\", \"linear\", \"easeOut\", \"easeInOut\", \"spring\", got"
                    + " \"\(Echo.cap(curve))\"\(hint)"
            )
        }
    }

    func decodeFaces(_ field: Field?) throws(ScenarioError) -> [Rect] {
        guard let field, !field.isNull else { return [] }
        var out: [Rect] = []
        let items = try field.array()
        if items.count > Limits.maxFaces {
            throw field.error("expected at most \(Limits.maxFaces) face boxes, got \(items.count)")
        }
        for item in items {
            let values = try item.array()
            guard values.count == 4 else { throw item.error("expected [x, y, w, h], got \(values.count) items") }
            let v = try values.map { (f: Field) throws(ScenarioError) -> Double in try f.coordinate() }
            guard v[2] >= 0, v[3] >= 0 else { throw item.error("expected a face box with w >= 0 and h >= 0") }
            out.append(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
        }
        return out
    }

    func decodeCrop(_ field: Field?) throws(ScenarioError) -> CropSpec {
        let f = try field?.object(allowed: Keys.crop) ?? [:]
        return CropSpec(
            formula: try f["formula"]?.choice(CropFormula.self) ?? .geometric,
            rounding: try f["rounding"]?.choice(CropRounding.self) ?? .integral
        )
    }
}
