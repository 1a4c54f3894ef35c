/// The runtime's users see the `tracer/1` contract and the recorder without a second import.
@_exported import TracerCore
