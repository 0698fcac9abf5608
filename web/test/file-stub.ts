// Jest stand-in for static assets (css, svg, png, mp4, webm): the import resolves to a path string.
const fileStub = "test-file-stub";
export default fileStub;
